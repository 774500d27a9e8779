/*
 * The member network's public entry: the only module other features may import from it (the dashboard shows
 * recommended members with Connect buttons and answers connection requests; the Community Hub's directory lists
 * members, their connection and the member's own connections). The feature has no page of its own.
 */

export { useConnectionList, useDeleteConnection, useIncomingRequests, useRecommendations, useRespondToConnection, type ConnectionListParams } from './api/network.ts';
export { memberKeys } from './api/keys.ts';
export { ConnectButton } from './components/ConnectButton.tsx';
export { MemberCard } from './components/MemberCard.tsx';
