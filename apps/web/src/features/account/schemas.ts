import {
  changePasswordBody,
  emailField,
  forgotPasswordBody,
  initiateResetBody,
  nameField,
  otpField,
  passwordField,
  phoneField,
  pinField,
  verifyMobileBody,
} from '@owo/contracts';
import { z } from 'zod';
import { isValidNigerianPhone } from '../../lib/phone-valid';

/** Form schemas: the contracts' request schemas, with labels users understand. */

export const nigerianPhone = phoneField.refine(isValidNigerianPhone, 'Enter a valid Nigerian phone number');

const nickName = z
  .string()
  .trim()
  .min(3, 'Nickname must be at least 3 characters')
  .max(30, 'Nickname is too long')
  .regex(/^[A-Za-z0-9_.]+$/, 'Nickname may only contain letters, numbers, _ and .');

export const verifyForm = verifyMobileBody.extend({ otp: otpField });

export const resetRequestPhoneForm = initiateResetBody.extend({ phoneNumber: nigerianPhone });
export const resetRequestEmailForm = forgotPasswordBody.extend({ email: emailField });
export const resetForm = z.object({ otp: otpField, password: passwordField });

const confirm = z.string().min(1, 'Enter the PIN again');

export const setPinForm = z
  .object({ pin: pinField, confirm })
  .refine((v) => v.pin === v.confirm, { path: ['confirm'], message: 'The PINs do not match' });

export const updatePinForm = z
  .object({ oldPin: pinField, pin: pinField, confirm })
  .refine((v) => v.pin === v.confirm, { path: ['confirm'], message: 'The PINs do not match' })
  .refine((v) => v.pin !== v.oldPin, { path: ['pin'], message: 'Choose a PIN different from your current one' });

export const changePasswordForm = changePasswordBody
  .extend({ oldPassword: z.string().min(1, 'Enter your current password').max(128) })
  .refine((v) => v.oldPassword !== v.newPassword, { path: ['newPassword'], message: 'Choose a password different from your current one' });

export const profileForm = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  nickName: z.union([z.literal(''), nickName]),
  bio: z.string().trim().max(160, 'Bio is at most 160 characters'),
});
export type ProfileForm = z.infer<typeof profileForm>;
