import type { ApiBody, ApiData } from '@owo/contracts';
import { call } from './client';

export type LoginData = ApiData<'POST /api/user/users/login'>;
export type EditProfileInput = ApiBody<'PUT /api/user/users/edit-profile'>;
type AnyUser = ApiData<'GET /api/user/users/:id'>;
/** Your own profile: the public fields and the private ones. */
export type FullUser = Extract<AnyUser, { email: string }>;
export const isFullUser = (u: AnyUser): u is FullUser => 'email' in u;

/** User service calls. Unauthenticated ones skip the bearer header. */
export const userApi = {
  signup: (body: ApiBody<'POST /api/user/users/signup'>) => call('POST /api/user/users/signup', { body, auth: false }),
  /** Verifies the phone and signs in on this device (`device`: its headers, lib/device.ts), as login does. */
  verifyMobile: (body: ApiBody<'POST /api/user/users/verify-mobile'>, device?: Record<string, string>) =>
    call('POST /api/user/users/verify-mobile', { body, auth: false, headers: device }),
  resendOtp: (body: ApiBody<'POST /api/user/users/resend-otp'>) => call('POST /api/user/users/resend-otp', { body, auth: false }),
  /** `device`: this device's headers (lib/device.ts; the login screen passes them, so Home's first load does without). */
  login: (body: ApiBody<'POST /api/user/users/login'>, device?: Record<string, string>) =>
    call('POST /api/user/users/login', { body, auth: false, headers: device }),
  /** Logs in on a new device with the code texted for it (after login answered NEW_DEVICE). */
  confirmDevice: (body: ApiBody<'POST /api/user/users/login/device'>, device?: Record<string, string>) =>
    call('POST /api/user/users/login/device', { body, auth: false, headers: device }),
  devices: (page: number) => call('GET /api/user/devices', { query: { page, limit: 20 } }),
  signOutDevice: (id: string) => call('DELETE /api/user/devices/:id', { params: { id } }),
  logout: () => call('GET /api/user/auth/logout'),
  initiatePasswordReset: (body: ApiBody<'POST /api/user/users/initiate-password-reset'>) =>
    call('POST /api/user/users/initiate-password-reset', { body, auth: false }),
  forgotPassword: (body: ApiBody<'POST /api/user/auth/forgot-password'>) =>
    call('POST /api/user/auth/forgot-password', { body, auth: false }),
  verifyResetOtp: (body: ApiBody<'POST /api/user/users/verify-reset-password-otp'>) =>
    call('POST /api/user/users/verify-reset-password-otp', { body, auth: false }),
  resetPassword: (body: ApiBody<'POST /api/user/users/reset-password'>) =>
    call('POST /api/user/users/reset-password', { body, auth: false }),
  changePassword: (body: ApiBody<'PUT /api/user/user/users/change-password'>) => call('PUT /api/user/user/users/change-password', { body }),
  setPin: (pin: string) => call('PUT /api/user/user/users/set-pin', { body: { pin }, pin }),
  /** The new PIN goes in transactionPin; the current one in oldTransactionPin and in the query (the spec requires both). */
  updatePin: (oldPin: string, newPin: string) =>
    call('PUT /api/user/user/users/update-pin', {
      pin: newPin,
      headers: { oldTransactionPin: oldPin },
      query: { oldTransactionPin: oldPin },
    }),
  editProfile: (body: EditProfileInput) => call('PUT /api/user/users/edit-profile', { body }),
  /** Your own profile comes in full (FullUser); anyone else's as public fields only. */
  getUser: (id: string) => call('GET /api/user/users/:id', { params: { id } }),
};
