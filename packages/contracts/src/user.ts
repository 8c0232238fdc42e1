import { z } from 'zod';
import { envelope, messageOnly, paginated } from './common.js';

const trimmed = (label: string, max = 50) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const nameField = (label: string) =>
  trimmed(label).regex(/^[\p{L}][\p{L}' .-]*$/u, `${label} may only contain letters, spaces, ' and -`);

export const emailField = z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address'));

/** Nigerian numbers in any common form (0803..., 803..., +234803..., 234803...); normalised on the server. */
export const phoneField = z
  .string({ error: 'phoneNumber is required' })
  .trim()
  .min(7, 'Enter a valid Nigerian phone number')
  .max(20, 'Enter a valid Nigerian phone number');

export const passwordField = z
  .string({ error: 'password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password is too long')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const nickNameField = z
  .string()
  .trim()
  .min(3, 'nickName must be at least 3 characters')
  .max(30, 'nickName is too long')
  .regex(/^[A-Za-z0-9_.]+$/, 'nickName may only contain letters, numbers, _ and .');

export const otpField = z
  .string({ error: 'otp is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');
export const pinField = z.string({ error: 'pin is required' }).regex(/^\d{4}$/, 'The PIN is 4 digits');

export const signupBody = z.object({
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
  email: emailField,
  phoneNumber: phoneField,
  password: passwordField,
  nickName: nickNameField.optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const signupResponse = envelope(z.object({ id: z.uuid(), phoneNumber: z.string(), email: z.string() }));

export const verifyMobileBody = z.object({ phoneNumber: phoneField, otp: otpField });
/** The phone is verified and the person signed in on this device: the same id and token as user.login answers. */
export const verifyMobileResponse = envelope(
  z.object({ phoneNumber: z.string(), isVerified: z.boolean(), id: z.uuid(), accessToken: z.string() }),
);

export const resendOtpBody = z.object({
  phoneNumber: phoneField,
  purpose: z.enum(['verify_mobile', 'reset_password']).default('verify_mobile'),
});

export const otpPurpose = z.enum(['verify_mobile', 'reset_password']);
export const verifyOtpBody = z.object({ phoneNumber: phoneField, otp: otpField, purpose: otpPurpose.default('verify_mobile') });
export const verifyOtpResponse = envelope(
  z.object({ isValidOTP: z.boolean(), verifiedNumber: z.string(), resetToken: z.string().optional() }),
);

export const loginBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128),
});
export const loginResponse = envelope(z.object({ id: z.uuid(), accessToken: z.string() }));

/**
 * The device a client signs in from: a random id it keeps (localStorage) and a name people
 * recognise ("Chrome on Android"). A login from a device the person has not used before waits
 * for a code texted to the phone (user.confirmDevice).
 */
export const deviceHeaders = z.object({
  'x-device-id': z.string().trim().min(8, 'x-device-id is 8 to 128 characters').max(128, 'x-device-id is 8 to 128 characters').optional(),
  'x-device-name': z.string().trim().max(80, 'x-device-name is at most 80 characters').optional(),
});
export const confirmDeviceBody = loginBody.extend({ otp: otpField });

export const device = z.object({
  id: z.uuid(),
  label: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this session signed in from. */
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;
export const devicesResponse = paginated(device);
export const deviceParams = z.object({ id: z.uuid('Device not found') });

export const forgotPasswordBody = z.object({ email: emailField });
export const initiateResetBody = z.object({ phoneNumber: phoneField });
export const verifyResetOtpBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254),
  otp: otpField,
});
export const verifyResetOtpResponse = envelope(z.object({ resetToken: z.string(), expiresAt: z.string() }));
export const resetPasswordBody = z.object({
  resetToken: z.string({ error: 'resetToken is required' }).min(10, 'resetToken is invalid').max(200),
  password: passwordField,
});
export const changePasswordBody = z.object({
  oldPassword: z.string({ error: 'oldPassword is required' }).min(1, 'oldPassword is required').max(128),
  newPassword: passwordField,
});

export const setPinBody = z.object({ pin: pinField });
export const pinHeaders = z.object({ transactionpin: pinField.describe('the transaction PIN (header transactionPin)') });
export const updatePinHeaders = z.object({
  transactionpin: pinField.describe('the new PIN (header transactionPin)'),
  oldtransactionpin: pinField.optional().describe('the current PIN (header oldTransactionPin)'),
});
export const updatePinQuery = z.object({ oldTransactionPin: pinField.optional() });

export const editProfileBody = z
  .object({
    firstName: nameField('firstName').optional(),
    lastName: nameField('lastName').optional(),
    nickName: nickNameField.nullable().optional(),
    avatar: z
      .string()
      .trim()
      .min(1, 'avatar must be an image you uploaded')
      .max(500)
      .nullable()
      .optional()
      .describe('a url returned by the upload service'),
    bio: z.string().trim().max(160, 'bio is at most 160 characters').nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });

export const publicUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const fullUser = publicUser.extend({
  email: z.string(),
  phoneNumber: z.string(),
  isPhoneVerified: z.boolean(),
  hasPin: z.boolean(),
  createdAt: z.string(),
});
export type FullUser = z.infer<typeof fullUser>;

export const userResponse = envelope(z.union([fullUser, publicUser]));
export const fullUserResponse = envelope(fullUser);

export const filterUsersQuery = z.object({
  query: z.string({ error: 'query is required' }).trim().min(2, 'Type at least 2 characters').max(50),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const filterUsersResponse = paginated(publicUser);

export { messageOnly };
