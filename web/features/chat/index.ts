/*
 * Member chat's public entry: the only module other features and the shell may import from it (the navigation's
 * unread badge, the Message action of a member's profile, and the live socket's cache updates). The router loads
 * the Chat page from pages/ itself, so it stays a chunk of its own; nothing here may import a page.
 */

export { useChatUnreadTotal, useOpenDirect } from './api/chat.ts';
export { chatKeys } from './api/keys.ts';
export { applyChatLiveEvent } from './lib/cache.ts';
