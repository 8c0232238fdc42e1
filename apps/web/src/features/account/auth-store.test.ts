// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createSecureStorage, memoryKeyStore } from '../../lib/token-storage';
import { createAuthStore, hasSignedInBefore } from './auth-store';
import { MemoryStorage } from '../../test/memory-storage';

const USER_ID = '01a20126-742a-717e-ac93-38f200442799';

function setup() {
  const local = new MemoryStorage();
  const keyStore = memoryKeyStore();
  const secure = createSecureStorage({ storage: local, keyStore });
  const api = {
    login: vi.fn(),
    confirmDevice: vi.fn(),
    logout: vi.fn().mockResolvedValue({ data: null, message: 'Logged out' }),
  };
  const store = createAuthStore({ storage: () => secure, plain: () => local, api });
  return { local, keyStore, secure, api, store };
}

describe('auth store', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('starts signed out and restoring', () => {
    const s = t.store.getState();
    expect(s.isAuthenticated).toBe(false);
    expect(s.token).toBeNull();
    expect(s.restoring).toBe(true);
    expect(s.isValidOTP).toBe(false);
    expect(s.verifiedNumber).toBeNull();
  });

  it('login success: loading until it resolves, then token saved encrypted under "token" and userId under "userId"', async () => {
    let resolve!: (v: unknown) => void;
    t.api.login.mockReturnValue(new Promise((r) => (resolve = r)));
    const pending = t.store.getState().login('ada@demo.owo.ng', 'Demo1234');
    expect(t.store.getState().loading).toBe(true);
    resolve({ data: { id: USER_ID, accessToken: 'tok-abc' }, message: 'Login successful' });
    await pending;

    const s = t.store.getState();
    expect(s.loading).toBe(false);
    expect(s.isAuthenticated).toBe(true);
    expect(s.token).toBe('tok-abc');
    expect(s.userId).toBe(USER_ID);
    expect(t.local.getItem('userId')).toBe(USER_ID);
    const raw = t.local.getItem('token');
    expect(raw).toBeTruthy();
    expect(raw).not.toContain('tok-abc');
    expect(await createSecureStorage({ storage: t.local, keyStore: t.keyStore }).load('token')).toBe('tok-abc');
  });

  it('login failure clears the user and token', async () => {
    t.api.login.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'old' }, message: '' });
    await t.store.getState().login('ada', 'pw');
    t.api.login.mockRejectedValueOnce(new ApiError(401, 'LOGIN_FAILED', 'Incorrect username or password'));
    await expect(t.store.getState().login('ada', 'bad')).rejects.toThrow('Incorrect username or password');

    const s = t.store.getState();
    expect(s.isAuthenticated).toBe(false);
    expect(s.token).toBeNull();
    expect(s.userId).toBeNull();
    expect(s.loading).toBe(false);
    expect(s.error).toBe('Incorrect username or password');
    expect(t.local.getItem('token')).toBeNull();
    expect(t.local.getItem('userId')).toBeNull();
  });

  it('logout calls the server, then clears "token" and "userId"', async () => {
    t.api.login.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'tok' }, message: '' });
    await t.store.getState().login('ada', 'pw');
    await t.store.getState().logout();
    expect(t.api.logout).toHaveBeenCalledTimes(1);
    expect(t.store.getState().isAuthenticated).toBe(false);
    expect(t.store.getState().token).toBeNull();
    expect(t.local.getItem('token')).toBeNull();
    expect(t.local.getItem('userId')).toBeNull();
  });

  it('logout still clears local state when the server call fails', async () => {
    t.api.login.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'tok' }, message: '' });
    await t.store.getState().login('ada', 'pw');
    t.api.logout.mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'offline'));
    await t.store.getState().logout();
    expect(t.store.getState().isAuthenticated).toBe(false);
    expect(t.local.getItem('token')).toBeNull();
  });

  it('restores the token from storage on start', async () => {
    t.api.login.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'tok-restored' }, message: '' });
    await t.store.getState().login('ada', 'pw');

    // A new store over the same storage = the app starting again.
    const secure = createSecureStorage({ storage: t.local, keyStore: t.keyStore });
    const again = createAuthStore({ storage: () => secure, plain: () => t.local, api: t.api });
    await again.getState().restore();
    expect(again.getState()).toMatchObject({ restoring: false, isAuthenticated: true, token: 'tok-restored', userId: USER_ID });
  });

  it('restore with nothing stored ends signed out', async () => {
    await t.store.getState().restore();
    expect(t.store.getState()).toMatchObject({ restoring: false, isAuthenticated: false, token: null });
  });

  it('tracks the phone being verified', () => {
    t.store.getState().setPhoneNumber('+2348030000009');
    expect(t.store.getState().phoneNumber).toBe('+2348030000009');
    t.store.getState().markVerified('+2348030000009');
    expect(t.store.getState()).toMatchObject({ isValidOTP: true, verifiedNumber: '+2348030000009' });
  });
  it('logs in on a new device with its code through confirmDevice, keeping the token as a login does', async () => {
    t.api.confirmDevice.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'tok' }, message: '' });
    const device = { 'X-Device-Id': 'abc123abc123' };
    await t.store.getState().login('ada@demo.owo.ng', 'Demo1234', { device, otp: '123456' });
    expect(t.api.confirmDevice).toHaveBeenCalledWith({ username: 'ada@demo.owo.ng', password: 'Demo1234', otp: '123456' }, device);
    expect(t.api.login).not.toHaveBeenCalled();
    expect(t.store.getState().isAuthenticated).toBe(true);
    expect(t.local.getItem('userId')).toBe(USER_ID);
  });

  it('keeps the session a verified sign-up answers with, as a login does, and remembers this browser has signed in', async () => {
    expect(hasSignedInBefore(t.local)).toBe(false);
    await t.store.getState().signIn({ id: USER_ID, accessToken: 'tok-signup' });
    expect(t.store.getState()).toMatchObject({ isAuthenticated: true, token: 'tok-signup', userId: USER_ID });
    expect(await createSecureStorage({ storage: t.local, keyStore: t.keyStore }).load('token')).toBe('tok-signup');
    expect(hasSignedInBefore(t.local)).toBe(true);
    // Logging out keeps the mark: the next visit opens the login screen, not sign-up.
    await t.store.getState().logout();
    expect(hasSignedInBefore(t.local)).toBe(true);
  });

  it('marks this browser as signed in before on a login, never on a failed one', async () => {
    t.api.login.mockRejectedValueOnce(new ApiError(401, 'LOGIN_FAILED', 'Incorrect username or password'));
    await expect(t.store.getState().login('ada', 'bad')).rejects.toThrow();
    expect(hasSignedInBefore(t.local)).toBe(false);
    t.api.login.mockResolvedValueOnce({ data: { id: USER_ID, accessToken: 'tok' }, message: '' });
    await t.store.getState().login('ada', 'pw');
    expect(hasSignedInBefore(t.local)).toBe(true);
  });
});
