/** The app's words when the server's refusal carries none (spec section 8, its spelling). */
export const FALLBACK_ERROR = 'An error occured';
