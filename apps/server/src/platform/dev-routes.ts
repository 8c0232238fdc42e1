import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toE164 } from './phone.js';

/** Outside production only: read what the app would have texted or emailed (how a developer or a test reads an OTP). */
export function registerDevRoutes(app: FastifyInstance): void {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string({ error: 'to is required' }).trim().min(3, 'to is required').max(254) }),
      },
    },
    async (req) => {
      const { to } = req.query as { to: string };
      const recipient = to.includes('@') ? to.toLowerCase() : (toE164(to) ?? to);
      await app.notifier.drain();
      const messages = await app.notifier.newestFor(recipient);
      return { status: true, message: 'Outbox', data: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
    },
  );
}
