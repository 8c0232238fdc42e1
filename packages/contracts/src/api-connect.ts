import type { ApiEndpointDef } from './api.js';

/**
 * The web client's calls of the connect (/api/connect): posts, feeds, stories, highlights, profiles, follows, saved, reports, communities.
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const connectApi = {} as const satisfies Record<string, ApiEndpointDef>;
