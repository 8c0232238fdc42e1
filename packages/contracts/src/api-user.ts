import { z } from 'zod';
import type { ApiEndpointDef } from './api.js';
import { listQuery, messageOnly } from './common.js';
import { privateDocumentResponse, uploadMultipleResponse, uploadSingleResponse } from './upload.js';
import {
  changePasswordBody,
  confirmDeviceBody,
  deviceHeaders,
  deviceParams,
  devicesResponse,
  editProfileBody,
  filterUsersQuery,
  filterUsersResponse,
  forgotPasswordBody,
  fullUserResponse,
  initiateResetBody,
  loginBody,
  loginResponse,
  pinHeaders,
  resendOtpBody,
  resetPasswordBody,
  setPinBody,
  signupBody,
  signupResponse,
  updatePinHeaders,
  updatePinQuery,
  userResponse,
  verifyMobileBody,
  verifyMobileResponse,
  verifyOtpBody,
  verifyOtpResponse,
  verifyResetOtpBody,
  verifyResetOtpResponse,
} from './user.js';

// Path parameters without a schema of their own elsewhere.
const userIdParams = z.object({ id: z.uuid('User not found') });

/** The accounts' calls (/api/user) and the upload (/api/upload). Part of `apiMap` (api.ts). */
export const userApi = {
  // user (/api/user)
  'user.signup': {
    method: 'POST',
    path: '/api/user/users/signup',
    body: signupBody,
    response: signupResponse,
    created: true,
    summary: 'Create an account; texts a 6-digit code to the phone',
  },
  'user.verifyMobile': {
    method: 'POST',
    path: '/api/user/users/verify-mobile',
    body: verifyMobileBody,
    headers: deviceHeaders,
    response: verifyMobileResponse,
    summary:
      'Verify the phone with the sign-up code; signs the person in on this device (its first, trusted) and returns the token as user.login does',
  },
  'user.resendOtp': {
    method: 'POST',
    path: '/api/user/users/resend-otp',
    body: resendOtpBody,
    response: messageOnly,
    summary: 'Send a new code (one a minute, five an hour)',
  },
  'user.verifyOtp': {
    method: 'POST',
    path: '/api/user/user/auth/verify-otp',
    body: verifyOtpBody,
    response: verifyOtpResponse,
    summary: 'Check a code for a purpose (verify_mobile or reset_password)',
  },
  'user.login': {
    method: 'POST',
    path: '/api/user/users/login',
    body: loginBody,
    headers: deviceHeaders,
    response: loginResponse,
    summary:
      'Log in with email or phone; returns a bearer token. From a device not used before it answers 403 NEW_DEVICE ' +
      'and texts a code to the phone (then user.confirmDevice)',
  },
  'user.confirmDevice': {
    method: 'POST',
    path: '/api/user/users/login/device',
    body: confirmDeviceBody,
    headers: deviceHeaders,
    response: loginResponse,
    summary: 'Log in on a new device with the code texted to the phone; for its first hours the device may send less (docs/kyc.md)',
  },
  'user.devices': {
    method: 'GET',
    path: '/api/user/devices',
    query: listQuery,
    response: devicesResponse,
    summary: 'The devices signed in to your account, the most recently used first',
  },
  'user.signOutDevice': {
    method: 'DELETE',
    path: '/api/user/devices/:id',
    params: deviceParams,
    response: messageOnly,
    summary: 'Sign a device out: its sessions end and it needs a texted code to log in again',
  },
  'user.logout': {
    method: 'GET',
    path: '/api/user/auth/logout',
    response: messageOnly,
    summary: 'End this session (the token stops working)',
  },
  'user.initiatePasswordReset': {
    method: 'POST',
    path: '/api/user/users/initiate-password-reset',
    body: initiateResetBody,
    response: messageOnly,
    summary: 'Text a password reset code',
  },
  'user.forgotPassword': {
    method: 'POST',
    path: '/api/user/auth/forgot-password',
    body: forgotPasswordBody,
    response: messageOnly,
    summary: 'Email a password reset code',
  },
  'user.verifyResetOtp': {
    method: 'POST',
    path: '/api/user/users/verify-reset-password-otp',
    body: verifyResetOtpBody,
    response: verifyResetOtpResponse,
    summary: 'Exchange a reset code for a 15-minute reset token',
  },
  'user.resetPassword': {
    method: 'POST',
    path: '/api/user/users/reset-password',
    body: resetPasswordBody,
    response: messageOnly,
    summary: 'Set a new password with a reset token; ends every session',
  },
  'user.changePassword': {
    method: 'PUT',
    path: '/api/user/user/users/change-password',
    body: changePasswordBody,
    response: messageOnly,
    summary: 'Change password; ends every other session',
  },
  'user.setPin': {
    method: 'PUT',
    path: '/api/user/user/users/set-pin',
    body: setPinBody,
    headers: pinHeaders,
    response: messageOnly,
    pin: true,
    summary: 'Set the 4-digit transaction PIN: body {pin}, header transactionPin repeats it',
  },
  /** The new PIN in transactionPin; the current one in the header oldTransactionPin and in the query. */
  'user.updatePin': {
    method: 'PUT',
    path: '/api/user/user/users/update-pin',
    query: updatePinQuery,
    headers: updatePinHeaders,
    response: messageOnly,
    pin: true,
    summary: 'Change the PIN: header transactionPin is the new PIN, oldTransactionPin (header or query) the current one',
  },
  'user.editProfile': {
    method: 'PUT',
    path: '/api/user/users/edit-profile',
    body: editProfileBody,
    response: fullUserResponse,
    summary: 'Edit names, nickname, avatar (an uploaded image) and bio',
  },
  'user.filter': {
    method: 'GET',
    path: '/api/user/users/filter',
    query: filterUsersQuery,
    response: filterUsersResponse,
    summary: 'Find people to pay by name, nickname or phone',
  },
  /** Your own profile in full; anyone else's public fields. */
  'user.get': {
    method: 'GET',
    path: '/api/user/users/:id',
    params: userIdParams,
    response: userResponse,
    summary: "A user: your own profile in full, anyone else's public fields",
  },

  // upload (/api/upload). The limits in the summaries are the defaults (UPLOAD_* settings change them).
  'upload.single': {
    method: 'POST',
    path: '/api/upload/api/upload/single',
    response: uploadSingleResponse,
    created: true,
    multipart: true,
    summary:
      'Upload one file as multipart field "file": an image (JPEG, PNG or WebP, at most 5 MB; stored without metadata, ' +
      'resized, with a thumbnail), a video (MP4 or WebM, at most 60 s and 25 MB, with its poster image in the field "poster") ' +
      'or a voice note (WebM, Ogg or M4A audio, at most 300 s)',
  },
  'upload.multiple': {
    method: 'POST',
    path: '/api/upload/api/upload/multiple',
    response: uploadMultipleResponse,
    created: true,
    multipart: true,
    summary: 'Upload up to 6 images as multipart fields "files"',
  },
  'upload.document': {
    method: 'POST',
    path: '/api/upload/api/upload/document',
    response: privateDocumentResponse,
    created: true,
    multipart: true,
    summary:
      'Upload a private document as multipart field "file": a photo of your ID or proof of address for KYC (JPEG, PNG or WebP, ' +
      'at most 5 MB; stored without metadata). It is kept apart and answered by its id only: no address serves it, and only ' +
      'staff reviewing your KYC request can open it',
  },
} as const satisfies Record<string, ApiEndpointDef>;
