import type { ApiEndpointDef } from './api.js';

/**
 * The web client's calls of the chat (/api/chat): conversations, messages, directory, saved media, calls.
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const chatApi = {} as const satisfies Record<string, ApiEndpointDef>;
