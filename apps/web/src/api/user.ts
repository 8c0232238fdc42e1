import type { FullUser, SignupBody } from '@owo/contracts';
import { api } from './client';

export interface LoginData {
  id: string;
  accessToken: string;
}

export interface EditProfileInput {
  firstName?: string;
  lastName?: string;
  nickName?: string | null;
  avatar?: string | null;
  bio?: string | null;
}

/** User service calls (base /api/user). Unauthenticated ones skip the bearer header. */
export const userApi = {
  signup: (body: SignupBody) => api.user.post<{ id: string; phoneNumber: string; email: string }>('/users/signup', body, { auth: false }),
  verifyMobile: (body: { phoneNumber: string; otp: string }) =>
    api.user.post<{ phoneNumber: string; isVerified: boolean }>('/users/verify-mobile', body, { auth: false }),
  resendOtp: (body: { phoneNumber: string; purpose?: 'verify_mobile' | 'reset_password' }) =>
    api.user.post<null>('/users/resend-otp', body, { auth: false }),
  login: (body: { username: string; password: string }) => api.user.post<LoginData>('/users/login', body, { auth: false }),
  logout: () => api.user.get<null>('/auth/logout'),
  initiatePasswordReset: (body: { phoneNumber: string }) => api.user.post<null>('/users/initiate-password-reset', body, { auth: false }),
  forgotPassword: (body: { email: string }) => api.user.post<null>('/auth/forgot-password', body, { auth: false }),
  verifyResetOtp: (body: { username: string; otp: string }) =>
    api.user.post<{ resetToken: string; expiresAt: string }>('/users/verify-reset-password-otp', body, { auth: false }),
  resetPassword: (body: { resetToken: string; password: string }) => api.user.post<null>('/users/reset-password', body, { auth: false }),
  changePassword: (body: { oldPassword: string; newPassword: string }) => api.user.put<null>('/user/users/change-password', body),
  setPin: (pin: string) => api.user.put<null>('/user/users/set-pin', { pin }, { pin }),
  /** The new PIN goes in transactionPin; the current one in oldTransactionPin and in the query (the spec requires both). */
  updatePin: (oldPin: string, newPin: string) =>
    api.user.put<null>('/user/users/update-pin', {}, { pin: newPin, headers: { oldTransactionPin: oldPin }, query: { oldTransactionPin: oldPin } }),
  editProfile: (body: EditProfileInput) => api.user.put<FullUser>('/users/edit-profile', body),
  getUser: (id: string) => api.user.get<FullUser>(`/users/${encodeURIComponent(id)}`),
};
