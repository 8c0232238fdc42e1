import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UploadModule from '../../../api/upload';
import type { UploadedFile } from '../../../api/upload';
import { jsonResponse } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import { CATEGORIES, COLOURS, E, failure, one, product, renderAt, shop } from '../test-fixtures';
import ProductFormPage from './ProductFormPage';

// Uploads are held until the test lets them finish, so their progress can be seen.
const uploads: Array<{ progress: (f: number) => void; finish: (url: string) => void }> = [];
vi.mock('../../../api/upload', async (original) => ({
  ...(await original<typeof UploadModule>()),
  uploadFile: (_file: Blob, opts: { onProgress?: (f: number) => void } = {}) => {
    let finish: (url: string) => void = () => undefined;
    const promise = new Promise<UploadedFile>((resolve) => {
      finish = (url) =>
        resolve({ url, thumbnailUrl: null, mimeType: 'image/png', kind: 'image', width: 10, height: 10, size: 10, durationMs: null });
    });
    uploads.push({ progress: (f) => opts.onProgress?.(f), finish });
    return { promise, abort: () => undefined };
  },
}));

const CREATE = `POST ${E}/api/product`;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'gown.png', { type: 'image/png' });

function mockServer(create: unknown) {
  return routeFetch({
    [`GET ${E}/api/shop/me`]: one({ ...shop(), isMine: true }),
    [`GET ${E}/api/category`]: one(CATEGORIES),
    [`GET ${E}/api/shop/get-colours`]: one(COLOURS),
    [CREATE]: create,
  });
}

async function fillForm(u: ReturnType<typeof userEvent.setup>) {
  await u.type(await screen.findByLabelText('Product name'), 'Ankara Gown');
  await u.selectOptions(screen.getByLabelText('Category'), 'fashion');
  await u.selectOptions(screen.getByLabelText('Subcategory'), 'women');
  await u.type(screen.getByLabelText('Price (₦)'), '15,000.50');
  await u.type(screen.getByLabelText('Old price (₦, optional)'), '20000');
  await u.click(screen.getByRole('button', { name: 'Add variation' }));
  const v1 = screen.getByRole('group', { name: 'Variation 1' });
  await u.selectOptions(within(v1).getByLabelText('Size'), 'M');
  await u.selectOptions(within(v1).getByLabelText('Colour'), 'red');
  await u.type(within(v1).getByLabelText('Variation price (₦)'), '16000');
  await u.type(within(v1).getByLabelText('Stock'), '4');
  await u.click(screen.getByRole('button', { name: 'Add variation' }));
  const v2 = screen.getByRole('group', { name: 'Variation 2' });
  await u.selectOptions(within(v2).getByLabelText('Size'), 'L');
  await u.type(within(v2).getByLabelText('Stock'), '2');
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
  uploads.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

describe('ProductFormPage', () => {
  it("uploads the photos with progress, sends prices in kobo and shows 'Product Uploaded Successfully'", async () => {
    const fetchMock = mockServer(() => jsonResponse(201, one(product({ name: 'Ankara Gown' }), 'Product Uploaded Successfully')));
    const u = userEvent.setup();
    const { router } = renderAt(<ProductFormPage />, '/shop/sell/products/new', '/shop/sell/products/new', [
      { path: '/shop/sell', element: <p>My shop</p> },
    ]);
    await fillForm(u);

    await u.upload(screen.getByLabelText('Add photos'), [png(), png()]);
    uploads[0]!.progress(0.4);
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo 1' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    uploads[0]!.finish('/files/gown-1.png');
    uploads[1]!.finish('/files/gown-2.png');
    expect(await screen.findByRole('button', { name: 'Upload product' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Upload product' }));
    expect(await screen.findByText('Product Uploaded Successfully')).toBeInTheDocument();
    const [, init] = calls(fetchMock, CREATE)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ankara Gown',
      description: '',
      categoryId: 'fashion',
      subcategoryId: 'women',
      images: ['/files/gown-1.png', '/files/gown-2.png'],
      price: 1_500_050,
      oldPrice: 2_000_000,
      variations: [
        { size: 'M', colourId: 'red', price: 1_600_000, stock: 4 },
        { size: 'L', stock: 2 },
      ],
      stock: 6,
    });
    expect(router.state.location.pathname).toBe('/shop/sell');
  });

  it('shows the server message as a toast when the upload is refused, and stays on the form', async () => {
    mockServer(() => jsonResponse(400, failure('Each variation needs a size or a colour', 'VARIATION_EMPTY')));
    const u = userEvent.setup();
    const { router } = renderAt(<ProductFormPage />, '/shop/sell/products/new', '/shop/sell/products/new');
    await fillForm(u);
    await u.upload(screen.getByLabelText('Add photos'), png());
    uploads[0]!.finish('/files/gown-1.png');
    await u.click(await screen.findByRole('button', { name: 'Upload product' }));
    expect(await screen.findByText('Each variation needs a size or a colour')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/sell/products/new');
  });

  it('checks the form before sending: a photo, and an old price above the price', async () => {
    const fetchMock = mockServer(() => jsonResponse(201, one(product())));
    const u = userEvent.setup();
    renderAt(<ProductFormPage />, '/shop/sell/products/new', '/shop/sell/products/new');
    await u.type(await screen.findByLabelText('Product name'), 'Ankara Gown');
    await u.type(screen.getByLabelText('Price (₦)'), '20000');
    await u.type(screen.getByLabelText('Old price (₦, optional)'), '15000');
    await u.click(screen.getByRole('button', { name: 'Upload product' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(screen.getByText('Add at least one photo')).toBeInTheDocument();
    expect(screen.getByText('The old price must be more than the price')).toBeInTheDocument();
    expect(screen.getByText('Choose a category')).toBeInTheDocument();
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });
});
