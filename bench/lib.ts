import http from 'node:http';
import pg from 'pg';

/** Shared by the benchmarks: the admin database, a lean JSON client, and a signed-up user with a PIN. */

/** A database of this name on the server DATABASE_URL names. */
export function dbUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on its own connection. */
export async function admin(sql: string, url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export type Json = { status: boolean; message: string; data: Record<string, unknown> & unknown[]; pagination?: { total?: number } };
export type Call = ((
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ code: number; json: Json }>) & {
  /** Closes the kept-alive connections, so the process can exit. */
  close(): void;
};

/**
 * node:http with kept-alive connections: a lean client, so the load generator takes as little of
 * the CPU it shares with the server and PostgreSQL as it can (fetch took about twice as much).
 * A path is taken from `base`; a full URL is used as it is.
 */
export function jsonClient(base: string): Call {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ code: number; json: Json }>((resolve, reject) => {
      const req = http.request(
        path.startsWith('http') ? path : `${base}${path}`,
        {
          method,
          agent,
          headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ code: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json });
            } catch (err) {
              reject(err as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return Object.assign(call, { close: () => agent.destroy() });
}

export type BenchUser = { id: string; token: string };

/** Signs a person up through the API, verifies the phone with the texted code, logs in and sets the PIN. */
export async function signedUpUser(
  call: Call,
  p: { phone: string; email: string; firstName: string; lastName: string; pin: string },
): Promise<BenchUser & { auth: Record<string, string> }> {
  const s = await call('POST', '/api/user/users/signup', {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phone,
    password: 'benchpass1',
  });
  if (s.code !== 201) throw new Error(`signup: ${s.json.message}`);
  const out = await call('GET', `/api/dev/outbox?to=%2B234${p.phone.slice(1)}`);
  const otp = /\b(\d{6})\b/.exec(String((out.json.data as unknown as { body: string }[])[0]?.body))?.[1];
  await call('POST', '/api/user/users/verify-mobile', { phoneNumber: p.phone, otp });
  const l = await call('POST', '/api/user/users/login', { username: p.email, password: 'benchpass1' });
  const user = { id: String(l.json.data.id), token: String(l.json.data.accessToken) };
  const auth = { authorization: `Bearer ${user.token}` };
  await call('PUT', '/api/user/user/users/set-pin', { pin: p.pin }, { ...auth, transactionPin: p.pin });
  return { ...user, auth };
}

/** The sandbox card that is always approved. */
export const GOOD_CARD = { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' };

/** The server's environment for a bench: its own PostgreSQL database, no demo data, no web app, quiet. */
export const benchServerEnv = (databaseUrl: string, port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  RATE_LIMIT_SIGNUP: '100000',
  DATA_DIR: dataDir,
});
