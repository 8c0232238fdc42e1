import { codeIn, json, lastMessage, logInOnNewDevice, newPhone, setPin, signup, toE164Ng, TEST_PIN } from './harness.js';
import { resetCodeOf } from './authz-world.js';
import { anyone, list, mine, NOOP, unique, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of a person's own account: sign-up, login, password, PIN, profile. */
export const userRows: Record<string, Row> = {
  // --- user ----------------------------------------------------------------------------------------
  'user.signup': {
    public: true,
    body: () => ({
      firstName: 'Ada',
      lastName: 'Obi',
      email: `authz${unique()}@example.ng`,
      phoneNumber: newPhone(),
      password: 'goodpass1',
    }),
    expect: { stranger: OK },
  },
  'user.verifyMobile': {
    public: true,
    each: async (w) => {
      const { phone } = await signup(w.t.app);
      return { phone, otp: codeIn(await lastMessage(w.t.app, toE164Ng(phone))) };
    },
    body: (_w, x) => ({ phoneNumber: x.phone, otp: x.otp }),
    expect: { stranger: OK },
  },
  'user.verifyOtp': {
    public: true,
    each: async (w) => {
      const { phone } = await signup(w.t.app);
      return { phone, otp: codeIn(await lastMessage(w.t.app, toE164Ng(phone))) };
    },
    body: (_w, x) => ({ phoneNumber: x.phone, otp: x.otp, purpose: 'verify_mobile' }),
    expect: { stranger: OK },
  },
  'user.resendOtp': {
    public: true,
    // A code of a purpose not yet asked for (a new sign-up's code may be resent only after a wait).
    each: async (w) => ({ phone: (await w.person()).phone }),
    body: (_w, x) => ({ phoneNumber: x.phone, purpose: 'reset_password' }),
    expect: { stranger: OK },
  },
  'user.login': { public: true, body: (w) => ({ username: w.outsider.email, password: w.outsider.password }), expect: { stranger: OK } },
  'user.confirmDevice': {
    public: true,
    each: async (w) => {
      const u = await w.person();
      const deviceId = `authz-device-${unique()}`;
      await w.t.app.inject({
        method: 'POST',
        url: '/api/user/users/login',
        headers: { 'x-device-id': deviceId },
        payload: { username: u.email, password: u.password },
      });
      return { username: u.email, password: u.password, deviceId, otp: codeIn(await lastMessage(w.t.app, u.e164)) };
    },
    headers: (_w, x) => ({ 'x-device-id': x.deviceId! }),
    body: (_w, x) => ({ username: x.username, password: x.password, otp: x.otp }),
    expect: { stranger: OK },
  },
  'user.devices': mine(),
  // The owner's other device (a phone confirmed with its code): only the owner may sign it out.
  'user.signOutDevice': {
    setup: async (w) => {
      const token = await logInOnNewDevice(w.t.app, w.owner, { 'x-device-id': `authz-device-${unique()}` });
      const [device] = json(
        await w.t.app.inject({ method: 'GET', url: '/api/user/devices', headers: { authorization: `Bearer ${token}` } }),
      ).data as { id: string }[];
      return { device: device!.id };
    },
    params: (_w, x) => ({ id: x.device! }),
    expect: { stranger: 401, outsider: 404, owner: OK },
  },
  'user.logout': { expect: anyone('newcomer') },
  'user.initiatePasswordReset': { public: true, body: (w) => ({ phoneNumber: w.outsider.phone }), expect: { stranger: OK } },
  'user.forgotPassword': {
    public: true,
    each: async (w) => ({ email: (await w.person()).email }),
    body: (_w, x) => ({ email: x.email }),
    expect: { stranger: OK },
  },
  'user.verifyResetOtp': {
    public: true,
    each: async (w) => {
      const u = await w.person();
      return { username: u.email, otp: await resetCodeOf(w.t, u) };
    },
    body: (_w, x) => ({ username: x.username, otp: x.otp }),
    expect: { stranger: OK },
  },
  'user.resetPassword': {
    public: true,
    each: async (w) => {
      const u = await w.person();
      const otp = await resetCodeOf(w.t, u);
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/user/users/verify-reset-password-otp',
        payload: { username: u.email, otp },
      });
      return { resetToken: (res.json() as { data: { resetToken: string } }).data.resetToken };
    },
    body: (_w, x) => ({ resetToken: x.resetToken, password: 'brandnew22' }),
    expect: { stranger: OK },
  },
  'user.changePassword': {
    body: (_w, _x, as) => ({ oldPassword: as?.password ?? 'goodpass1', newPassword: 'brandnew22' }),
    expect: anyone('newcomer'),
  },
  'user.setPin': { body: () => ({ pin: TEST_PIN }), expect: anyone('newcomer') },
  'user.updatePin': {
    each: async (w, as) => {
      if (as) await setPin(w.t.app, as);
      return {};
    },
    headers: () => ({ transactionPin: '1357', oldTransactionPin: TEST_PIN }),
    expect: anyone('newcomer'),
  },
  'user.editProfile': { body: () => ({ lastName: 'Okafor' }), expect: anyone() },
  'user.filter': { query: () => ({ query: 'authz' }), expect: anyone() },
  'user.get': { params: (w) => ({ id: w.owner.id }), expect: { stranger: 401, outsider: OK, owner: OK } },
};

export const uploadRows: Record<string, Row> = {
  // --- upload --------------------------------------------------------------------------------------
  'upload.single': list({ multipart: true }),
  'upload.multiple': list({ multipart: 'files' }),
  'upload.document': list({ multipart: true }),
};

export const noticeRows: Record<string, Row> = {
  // --- notices -------------------------------------------------------------------------------------
  'notices.list': mine(),
  'notices.unread': mine(),
  // Marking read is a batch of the caller's own notices: another's id is passed over, never marked.
  'notices.read': { body: (w) => ({ ids: [w.notice] }), expect: { stranger: 401, outsider: NOOP, shopper: OK } },
};
