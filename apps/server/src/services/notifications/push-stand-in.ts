import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import ece from 'http_ece';
import type { PushPayload } from '@owo/contracts';

/** What the stand-in push service received for one device, decrypted with that device's keys. */
export type Received = { device: string; headers: Record<string, string | string[] | undefined>; payload: PushPayload };

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
export type Device = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  answer: number;
  /** Answer a 307 to this address instead (a push service that redirects elsewhere). */
  redirectTo?: string;
};

/**
 * A local HTTP server standing in for a browser vendor's push service (tests and bench): each
 * device has an endpoint on it; a request to an endpoint is decrypted (RFC 8291, aes128gcm) with
 * that device's private key and auth secret and kept. A device can be told to answer 410 (gone).
 */
export class PushStandIn {
  readonly received: Received[] = [];
  private readonly devices = new Map<string, Device>();
  private server: Server | null = null;
  private base = '';
  /** Called on each accepted push (bench: the time it arrived). */
  onPush: ((r: Received) => void) | null = null;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const device = this.devices.get(req.url?.replace(/^\/push\//, '') ?? '');
        if (!device) return void res.writeHead(404).end();
        if (device.redirectTo) return void res.writeHead(307, { location: device.redirectTo }).end();
        if (device.answer !== 201) return void res.writeHead(device.answer).end();
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth });
          const r: Received = { device: device.name, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) as PushPayload };
          this.received.push(r);
          this.onPush?.(r);
          res.writeHead(201).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  /** The stand-in's origin: the server accepts its endpoints when PUSH_EXTRA_SERVICES names it. */
  get origin(): string {
    return this.base;
  }

  /** The env that lets a server push to this stand-in (beside the browsers' push services). */
  get env(): { PUSH_EXTRA_SERVICES: string } {
    return { PUSH_EXTRA_SERVICES: this.base };
  }

  /** A new device (a browser profile) with its keys and endpoint. */
  device(name: string): Device {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomBytes(12).toString('hex');
    const d: Device = {
      name,
      endpoint: `${this.base}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      ecdh,
      answer: 201,
    };
    this.devices.set(id, d);
    return d;
  }

  /** The subscription body a browser would send (PushSubscription.toJSON()). */
  static body(d: Device) {
    return { endpoint: d.endpoint, keys: d.keys };
  }

  for(name: string): Received[] {
    return this.received.filter((r) => r.device === name);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
