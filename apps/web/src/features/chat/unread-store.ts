import { create } from 'zustand';

/**
 * How many conversations hold messages one has not seen yet, for the Chat tab's badge. The chat's
 * background keeps it (from recent chats, moved by live messages and receipts); it stays 0 until the
 * background has loaded.
 */
export const useChatUnread = create<{ count: number }>(() => ({ count: 0 }));
