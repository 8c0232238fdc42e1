import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// eslint-disable-next-line no-restricted-imports -- the test reads the toasts sonner holds
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { Comments } from './Comments';

const POST = '0198a7b2-0000-7000-8000-0000000000aa';
const ME = { _id: '0198a7b2-0000-7000-8000-0000000000b2', firstName: 'Ada', lastName: 'Obi', nickName: 'ada', avatar: null };
const TUNDE = { _id: '0198a7b2-0000-7000-8000-0000000000b1', firstName: 'Tunde', lastName: 'Bello', nickName: 'tunde', avatar: null };
const THEIRS = '0198a7b2-0000-7000-8000-0000000000c1';
const MINE = '0198a7b2-0000-7000-8000-0000000000c2';
const COMMENTS = `GET /api/connect/posts/${POST}/comments`;
const REASONS = 'GET /api/connect/posts/all-report-reasons';
const REPORT = `POST /api/connect/comments/${THEIRS}/report`;

const comments = {
  status: true,
  message: 'Comments',
  data: [
    { _id: THEIRS, postedBy: TUNDE, text: 'Send me your PIN and I will double your money', createdAt: '2026-02-01T10:00:00.000Z' },
    { _id: MINE, postedBy: ME, text: 'No thanks', createdAt: '2026-02-01T10:05:00.000Z' },
  ],
  pagination: { page: 0, limit: 20, prev: null, next: null },
};
const reasons = {
  status: true,
  message: 'Reasons',
  data: [
    { id: 'spam', reason: 'Spam' },
    { id: 'scam', reason: 'Scam or fraud' },
  ],
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME._id, isAuthenticated: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The toaster's list outlives a test: start each with none.
  toast.dismiss();
});

/** Opens the report dialog of Tunde's comment by taps: its options button, then "Report comment". */
async function openReport(u: ReturnType<typeof userEvent.setup>) {
  const list = await screen.findByRole('list', { name: 'Comments' });
  await u.click(within(list).getByRole('button', { name: 'More actions for comment by Tunde Bello' }));
  await u.click(within(await screen.findByRole('dialog', { name: 'Comment options' })).getByRole('button', { name: 'Report comment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
  expect(within(dialog).getByText(/this comment by Tunde Bello/)).toBeInTheDocument();
  return dialog;
}

describe('Comments', () => {
  it("offers to report someone else's comment, not one's own", async () => {
    routeFetch({ [COMMENTS]: comments });
    renderRoute(<Comments postId={POST} />);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'More actions for comment by Tunde Bello' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /comment by Ada Obi/ })).toBeNull();
  });

  it('sends the chosen reason to the comment report call and confirms', async () => {
    const fetchMock = routeFetch({
      [COMMENTS]: comments,
      [REASONS]: reasons,
      [REPORT]: () => jsonResponse(201, { status: true, message: 'Thanks: we will look at it', data: { _id: THEIRS, reason: 'scam' } }),
    });
    const u = userEvent.setup();
    renderRoute(<Comments postId={POST} />);
    const dialog = await openReport(u);
    const send = within(dialog).getByRole('button', { name: 'Report' });
    expect(send).toBeDisabled();
    await u.click(await within(dialog).findByRole('radio', { name: 'Scam or fraud' }));
    await u.click(send);
    expect(await screen.findByText("Thanks for telling us. We'll review this comment.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report comment' })).toBeNull());
    const sent = calls(fetchMock, REPORT);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]?.body))).toEqual({ reason: 'scam' });
    expect(calls(fetchMock, `POST /api/connect/posts/${POST}/report`)).toHaveLength(0);
  });

  it("answers a repeat report with the server's refusal in the dialog, and takes the first thanks away", async () => {
    let sent = 0;
    routeFetch({
      [COMMENTS]: comments,
      [REASONS]: reasons,
      [REPORT]: () =>
        sent++ === 0
          ? jsonResponse(201, { status: true, message: 'Thanks: we will look at it', data: { _id: THEIRS, reason: 'spam' } })
          : jsonResponse(409, { status: false, code: 'ALREADY_REPORTED', message: 'You have already reported this comment' }),
    });
    const u = userEvent.setup();
    renderRoute(<Comments postId={POST} />);
    let dialog = await openReport(u);
    await u.click(await within(dialog).findByRole('radio', { name: 'Spam' }));
    await u.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText("Thanks for telling us. We'll review this comment.")).toBeInTheDocument();

    dialog = await openReport(u);
    await u.click(await within(dialog).findByRole('radio', { name: 'Spam' }));
    await u.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this comment');
    expect(screen.getByRole('dialog', { name: 'Report comment' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Thanks for telling us. We'll review this comment.")).toBeNull());
    expect(sent).toBe(2);
  });
});
