/*
 * The member network's public entry: the only module other features may import from it (the dashboard shows
 * recommended members with Connect buttons and answers connection requests). The feature has no page of its own.
 */

export { useIncomingRequests, useRecommendations, useRespondToConnection } from './api/network.ts';
export { ConnectButton } from './components/ConnectButton.tsx';
export { MemberCard } from './components/MemberCard.tsx';
