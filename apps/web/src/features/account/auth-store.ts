import { create } from 'zustand';
import { configureApiClient } from '../../api/client';
import { type LoginData, userApi } from '../../api/user';
import { type SecureStorage, secureStorage } from '../../lib/token-storage';

export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'userId';
/** Set once this browser has signed someone in: a first visit opens sign-up, later ones the login screen. */
export const SIGNED_IN_BEFORE_KEY = 'owo.signedInBefore';

/** Whether this browser has signed someone in before (a first visit has not). */
export function hasSignedInBefore(plain: Storage | undefined = globalThis.localStorage as Storage | undefined): boolean {
  try {
    return plain?.getItem(SIGNED_IN_BEFORE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Auth state of spec section 4, plus the restore/loading flags the router needs. */
export interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  userId: string | null;
  /** The number being verified or reset (set after signup, or when login says it is unverified). */
  phoneNumber: string | null;
  isValidOTP: boolean;
  verifiedNumber: string | null;
  /** True while a login call is in flight. */
  loading: boolean;
  /** True until the stored token has been read on start. */
  restoring: boolean;
  error: string | null;

  restore(): Promise<void>;
  /**
   * `device`: this device's headers (lib/device.ts); `otp`: the code texted for this new device
   * (after login answered NEW_DEVICE).
   */
  login(username: string, password: string, opts?: { device?: Record<string, string>; otp?: string }): Promise<LoginData>;
  /** Keeps a session the server has just made (the verified sign-up answers with one, as login does). */
  signIn(data: LoginData): Promise<void>;
  logout(): Promise<void>;
  /** Drops the session locally (used when the server says it is no longer valid). */
  clearSession(): void;
  setPhoneNumber(phoneNumber: string | null): void;
  markVerified(phoneNumber: string): void;
}

export interface AuthDeps {
  storage: () => SecureStorage;
  /** Plain storage for the userId. */
  plain: () => Storage | undefined;
  api: Pick<typeof userApi, 'login' | 'confirmDevice' | 'logout'>;
}

const signedOut = { token: null, isAuthenticated: false, userId: null } as const;

export function createAuthStore(deps: AuthDeps) {
  const removeStored = () => {
    deps.storage().remove(TOKEN_KEY);
    try {
      deps.plain()?.removeItem(USER_ID_KEY);
    } catch {
      /* storage blocked */
    }
  };

  const keep = async (data: LoginData) => {
    await deps.storage().save(TOKEN_KEY, data.accessToken);
    try {
      deps.plain()?.setItem(USER_ID_KEY, data.id);
      deps.plain()?.setItem(SIGNED_IN_BEFORE_KEY, '1');
    } catch {
      /* storage blocked: the session lasts this page */
    }
  };

  return create<AuthState>()((set, get) => ({
    ...signedOut,
    phoneNumber: null,
    isValidOTP: false,
    verifiedNumber: null,
    loading: false,
    restoring: true,
    error: null,

    async restore() {
      try {
        const token = await deps.storage().load(TOKEN_KEY);
        const userId = deps.plain()?.getItem(USER_ID_KEY) ?? null;
        if (token && userId) set({ token, userId, isAuthenticated: true });
        else {
          if (token || userId) removeStored();
          set({ ...signedOut });
        }
      } catch {
        set({ ...signedOut });
      } finally {
        set({ restoring: false });
      }
    },

    async login(username, password, { device, otp } = {}) {
      set({ loading: true, error: null });
      try {
        const { data } = otp
          ? await deps.api.confirmDevice({ username, password, otp }, device)
          : await deps.api.login({ username, password }, device);
        await keep(data);
        set({ token: data.accessToken, userId: data.id, isAuthenticated: true, loading: false, error: null });
        return data;
      } catch (err) {
        removeStored();
        set({ ...signedOut, loading: false, error: err instanceof Error && err.message ? err.message : 'Login failed' });
        throw err;
      }
    },

    async signIn(data) {
      await keep(data);
      set({ token: data.accessToken, userId: data.id, isAuthenticated: true, loading: false, error: null });
    },

    async logout() {
      if (get().token) {
        try {
          await deps.api.logout();
        } catch {
          /* the token is dropped locally either way */
        }
      }
      removeStored();
      set({ ...signedOut, loading: false, error: null });
    },

    clearSession() {
      removeStored();
      set({ ...signedOut, loading: false });
    },

    setPhoneNumber(phoneNumber) {
      set({ phoneNumber, isValidOTP: false });
    },

    markVerified(phoneNumber) {
      set({ isValidOTP: true, verifiedNumber: phoneNumber, phoneNumber });
    },
  }));
}

export const useAuth = createAuthStore({
  storage: secureStorage,
  plain: () => globalThis.localStorage as Storage | undefined,
  api: userApi,
});

configureApiClient({
  getToken: () => useAuth.getState().token,
  onSessionInvalid: () => {
    if (useAuth.getState().isAuthenticated) useAuth.getState().clearSession();
  },
});
