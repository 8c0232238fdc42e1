import type { RegisterOptions } from 'react-hook-form';

/**
 * Sign-up's checks as react-hook-form rules: the first screen of a first visit, so no zod and no
 * contract schemas on it (the first-load budget). The same rules and words as the contracts'
 * signupBody, which the server applies to everything; the full phone check (libphonenumber's
 * Nigerian metadata) is loaded when the form is sent.
 */
export type SignupFields = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  nickName?: string;
};

type Rules = { [K in keyof SignupFields]-?: RegisterOptions<SignupFields, K> };

const trim = (v: string) => (typeof v === 'string' ? v.trim() : v);
const NAME = /^[\p{L}][\p{L}' .-]*$/u;
const name = (label: string): RegisterOptions<SignupFields, 'firstName' | 'lastName'> => ({
  setValueAs: trim,
  required: `${label} is required`,
  maxLength: { value: 50, message: `${label} is too long` },
  pattern: { value: NAME, message: `${label} may only contain letters, spaces, ' and -` },
});
const PHONE_INVALID = 'Enter a valid Nigerian phone number';

export const signupRules: Rules = {
  firstName: name('First name'),
  lastName: name('Last name'),
  email: {
    setValueAs: (v: string) => trim(v).toLowerCase(),
    required: 'Enter a valid email address',
    maxLength: { value: 254, message: 'Enter a valid email address' },
    pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter a valid email address' },
  },
  phoneNumber: {
    setValueAs: trim,
    required: PHONE_INVALID,
    minLength: { value: 7, message: PHONE_INVALID },
    maxLength: { value: 20, message: PHONE_INVALID },
    validate: async (v) => (await import('../../lib/phone-valid')).isValidNigerianPhone(v) || PHONE_INVALID,
  },
  password: {
    required: 'Password must be at least 8 characters',
    minLength: { value: 8, message: 'Password must be at least 8 characters' },
    maxLength: { value: 128, message: 'Password is too long' },
    validate: (v) => (!/[A-Za-z]/.test(v) ? 'Password must contain a letter' : !/[0-9]/.test(v) ? 'Password must contain a number' : true),
  },
  nickName: {
    setValueAs: (v: string | undefined) => (typeof v !== 'string' || v.trim() === '' ? undefined : v.trim()),
    minLength: { value: 3, message: 'Nickname must be at least 3 characters' },
    maxLength: { value: 30, message: 'Nickname is too long' },
    pattern: { value: /^[A-Za-z0-9_.]+$/, message: 'Nickname may only contain letters, numbers, _ and .' },
  },
};
