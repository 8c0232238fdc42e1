import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageX, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError, errorMessage } from '../../../api/client';
import { type Category, type Colour, type CreateProductInput, type Product, type Shop, shopApi } from '../../../api/shop';
import { koboToNairaInput, parseNairaToKobo } from '../../../lib/money';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { InlineError } from '../../../ui/InlineError';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { Options, SelectField } from '../../../ui/Select';
import { CardListSkeleton } from '../../../ui/Spinner';
import { patchProduct, shopKeys, useCategories, useColours, useMyShop } from '../queries';
import { ImagesPicker, revealFirstError, useImageUploads } from './uploads';
import { NeedShop } from '../parts';

/** The toast after a product is created (spec section 8). */
export const UPLOADED = 'Product Uploaded Successfully';
const MAX_PHOTOS = 8;

interface VariationRow {
  key: string;
  id?: string;
  size: string;
  colourId: string;
  price: string;
  stock: string;
}
interface Values {
  name: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  price: string;
  oldPrice: string;
  flashSaleEndsAt: string;
  stock: string;
  variations: VariationRow[];
}
type Errors = Partial<
  Record<'name' | 'description' | 'category' | 'subcategory' | 'images' | 'price' | 'oldPrice' | 'flash' | 'stock', string>
> & {
  rows?: Record<string, string>;
};

let rowSeq = 0;
const newRow = (over: Partial<VariationRow> = {}): VariationRow => ({
  key: `v${++rowSeq}`,
  size: '',
  colourId: '',
  price: '',
  stock: '',
  ...over,
});

const two = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a datetime-local input's value, in the device's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
const wholeNumber = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

function initialValues(p?: Product): Values {
  if (!p)
    return {
      name: '',
      description: '',
      categoryId: '',
      subcategoryId: '',
      price: '',
      oldPrice: '',
      flashSaleEndsAt: '',
      stock: '',
      variations: [],
    };
  return {
    name: p.name,
    description: p.description,
    categoryId: p.category.id,
    subcategoryId: p.subcategory.id,
    price: koboToNairaInput(p.price),
    oldPrice: p.oldPrice ? koboToNairaInput(p.oldPrice) : '',
    flashSaleEndsAt: toLocalInput(p.flashSaleEndsAt),
    stock: String(p.stock),
    variations: p.variations.map((v) =>
      newRow({
        id: v.id,
        size: v.size ?? '',
        colourId: v.colour?.id ?? '',
        price: v.price === p.price ? '' : koboToNairaInput(v.price),
        stock: String(v.stock),
      }),
    ),
  };
}

/** Checks the form and builds the body (prices in kobo); the errors, or the body. */
export function buildProduct(v: Values, images: string[]): { errors: Errors } | { body: CreateProductInput } {
  const e: Errors = {};
  const name = v.name.trim();
  if (name.length < 2) e.name = 'The product name needs at least 2 characters';
  else if (name.length > 120) e.name = 'The product name can be at most 120 characters';
  if (v.description.trim().length > 4000) e.description = 'The description can be at most 4000 characters';
  if (!v.categoryId) e.category = 'Choose a category';
  if (!v.subcategoryId) e.subcategory = 'Choose a subcategory';
  if (images.length === 0) e.images = 'Add at least one photo';
  const price = parseNairaToKobo(v.price);
  if (price === null || price <= 0) e.price = 'Enter the price in naira, like 15000';
  let oldPrice: number | undefined;
  if (v.oldPrice.trim()) {
    const old = parseNairaToKobo(v.oldPrice);
    if (old === null || old <= 0) e.oldPrice = 'Enter the old price in naira, or leave it empty';
    else if (price !== null && old <= price) e.oldPrice = 'The old price must be more than the price';
    else oldPrice = old;
  }
  let flashSaleEndsAt: string | undefined;
  if (v.flashSaleEndsAt) {
    const t = new Date(v.flashSaleEndsAt);
    if (Number.isNaN(t.getTime())) e.flash = 'Enter when the sale ends';
    else if (t.getTime() <= Date.now()) e.flash = 'The sale must end in the future';
    else flashSaleEndsAt = t.toISOString();
  }
  const rows: Record<string, string> = {};
  const seen = new Set<string>();
  const variations = v.variations.map((r) => {
    const stock = wholeNumber(r.stock);
    const vPrice = r.price.trim() ? parseNairaToKobo(r.price) : undefined;
    const id = `${r.size.trim()}|${r.colourId}`;
    if (!r.size.trim() && !r.colourId) rows[r.key] = 'Choose a size or a colour';
    else if (seen.has(id)) rows[r.key] = 'Another variation has the same size and colour';
    else if (vPrice === null || vPrice === 0) rows[r.key] = 'Enter the price in naira, or leave it empty';
    else if (stock === null) rows[r.key] = 'Enter how many you have, like 10';
    seen.add(id);
    return {
      ...(r.id ? { id: r.id } : {}),
      ...(r.size.trim() ? { size: r.size.trim() } : {}),
      ...(r.colourId ? { colourId: r.colourId } : {}),
      ...(vPrice ? { price: vPrice } : {}),
      stock: stock ?? 0,
    };
  });
  if (Object.keys(rows).length) e.rows = rows;
  const stock = v.variations.length ? variations.reduce((n, x) => n + x.stock, 0) : wholeNumber(v.stock || '0');
  if (stock === null) e.stock = 'Enter how many you have, like 10';
  if (Object.keys(e).length) return { errors: e };
  return {
    body: {
      name,
      description: v.description.trim(),
      categoryId: v.categoryId,
      subcategoryId: v.subcategoryId,
      images,
      price: price!,
      ...(oldPrice !== undefined ? { oldPrice } : {}),
      variations,
      stock: stock!,
      ...(flashSaleEndsAt ? { flashSaleEndsAt } : {}),
    },
  };
}

/** The server's per-field errors, put next to their fields. */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const map: Record<string, keyof Omit<Errors, 'rows'>> = {
    name: 'name',
    description: 'description',
    categoryId: 'category',
    subcategoryId: 'subcategory',
    images: 'images',
    price: 'price',
    oldPrice: 'oldPrice',
    flashSaleEndsAt: 'flash',
    stock: 'stock',
  };
  const out: Errors = {};
  for (const e of err.errors) {
    const field = map[e.path.replace(/^body\./, '')];
    if (field) out[field] = e.message.replace(/^body \w+: /, '');
  }
  return out;
}

function VariationFields({
  row,
  index,
  sizeType,
  colours,
  error,
  onChange,
  onRemove,
}: {
  row: VariationRow;
  index: number;
  sizeType: { name: string; options: string[] } | null;
  colours: Colour[];
  error?: string;
  onChange: (patch: Partial<VariationRow>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const sizeOptions = sizeType
    ? row.size && !sizeType.options.includes(row.size)
      ? [row.size, ...sizeType.options]
      : sizeType.options
    : [];
  return (
    <fieldset className="relative flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4">
      <legend className="float-left flex min-h-8 items-center text-sm font-semibold">Variation {n}</legend>
      <button
        type="button"
        aria-label={`Remove variation ${n}`}
        onClick={onRemove}
        className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full text-danger-fg hover:bg-danger-soft"
      >
        <Trash2 className="size-5" aria-hidden="true" />
      </button>
      <div className="grid grid-cols-2 gap-3">
        {sizeType ? (
          <SelectField label={sizeType.name} value={row.size} onChange={(e) => onChange({ size: e.target.value })}>
            <option value="">None</option>
            {sizeOptions.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </SelectField>
        ) : (
          <Field label="Size" value={row.size} maxLength={20} placeholder="e.g. XL" onChange={(e) => onChange({ size: e.target.value })} />
        )}
        <SelectField label="Colour" value={row.colourId} onChange={(e) => onChange({ colourId: e.target.value })}>
          <option value="">None</option>
          <Options items={colours} />
        </SelectField>
        <Field
          label="Variation price (₦)"
          inputMode="decimal"
          placeholder="Same"
          value={row.price}
          onChange={(e) => onChange({ price: e.target.value })}
        />
        <Field label="Stock" inputMode="numeric" placeholder="0" value={row.stock} onChange={(e) => onChange({ stock: e.target.value })} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger-fg">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ProductForm({ product, categories }: { product?: Product; categories: Category[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const colours = useColours();
  const [v, setV] = useState<Values>(() => initialValues(product));
  const images = useImageUploads({ max: MAX_PHOTOS, initial: product?.images.map((i) => i.url) ?? [] });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (patch: Partial<Values>) => setV((x) => ({ ...x, ...patch }));
  const changeRow = (key: string, patch: Partial<VariationRow>) =>
    setV((x) => ({ ...x, variations: x.variations.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const category = categories.find((c) => c.id === v.categoryId);
  const subcategory = category?.subcategories.find((s) => s.id === v.subcategoryId);
  const sizeType = subcategory?.variations.find((t) => t.id !== 'colour') ?? null;

  const save = useMutation({
    mutationFn: async (body: CreateProductInput) =>
      product
        ? (
            await shopApi.editProduct({
              ...body,
              productId: product.id,
              oldPrice: body.oldPrice ?? null,
              flashSaleEndsAt: body.flashSaleEndsAt ?? null,
            })
          ).data
        : (await shopApi.createProduct(body)).data,
    onSuccess: (saved) => {
      if (product) patchProduct(qc, saved.id, () => saved);
      qc.setQueryData(shopKeys.myProduct(saved.id), saved);
      void qc.invalidateQueries({ queryKey: shopKeys.products });
      void qc.invalidateQueries({ queryKey: shopKeys.myShop });
      void qc.invalidateQueries({ queryKey: [...shopKeys.all, 'inventory'] });
      toast.success(product ? 'Product updated' : UPLOADED);
      void navigate('/shop/sell', { replace: true });
    },
    onError: (err) => {
      setErrors(serverErrors(err));
      revealFirstError(formRef.current);
      toast.error(
        errorMessage(
          err,
          product ? "We couldn't save your changes. Please try again." : "We couldn't upload the product. Please try again.",
        ),
      );
    },
  });

  const submit = () => {
    setFormError(null);
    if (images.uploading) return setFormError('Wait for your photos to finish uploading');
    if (images.failed) return setFormError('Remove the photos that failed to upload, or choose them again');
    const built = buildProduct(v, images.urls);
    if ('errors' in built) {
      setErrors(built.errors);
      setFormError('Check the highlighted fields');
      return revealFirstError(formRef.current);
    }
    setErrors({});
    save.mutate(built.body);
  };

  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormAlert message={formError} />
      <Field label="Product name" value={v.name} maxLength={120} error={errors.name} onChange={(e) => change({ name: e.target.value })} />
      <TextAreaField
        label="Description"
        value={v.description}
        rows={4}
        maxLength={4000}
        error={errors.description}
        hint="Material, fit, what is in the box, delivery."
        onChange={(e) => change({ description: e.target.value })}
      />
      <ImagesPicker images={images} label={images.items.length ? 'Add more photos' : 'Add photos'} error={errors.images} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Category"
          value={v.categoryId}
          error={errors.category}
          onChange={(e) => change({ categoryId: e.target.value, subcategoryId: '' })}
        >
          <option value="">Choose</option>
          <Options items={categories} />
        </SelectField>
        <SelectField
          label="Subcategory"
          value={v.subcategoryId}
          error={errors.subcategory}
          disabled={!category}
          onChange={(e) => change({ subcategoryId: e.target.value })}
        >
          <option value="">{category ? 'Choose' : 'Category first'}</option>
          <Options items={category?.subcategories} />
        </SelectField>
      </div>
      <AmountField
        label="Price (₦)"
        value={v.price}
        typed={v.price}
        error={errors.price}
        onChange={(e) => change({ price: e.target.value })}
      />
      <AmountField
        label="Old price (₦, optional)"
        value={v.oldPrice}
        typed={v.oldPrice}
        error={errors.oldPrice}
        hint="The price before this deal; shoppers see it struck through."
        onChange={(e) => change({ oldPrice: e.target.value })}
      />
      <Field
        label="Flash sale ends (optional)"
        type="datetime-local"
        value={v.flashSaleEndsAt}
        error={errors.flash}
        hint="Shoppers see a countdown until then."
        onChange={(e) => change({ flashSaleEndsAt: e.target.value })}
      />
      <section aria-labelledby="variations" className="flex flex-col gap-3">
        <div>
          <h2 id="variations" className="text-base font-bold">
            Variations
          </h2>
          <p className="text-sm text-muted">
            Sizes or colours, each with its own stock (and price, if it differs).
            {subcategory && !sizeType ? ' Type a size if this kind of product has one.' : ''}
          </p>
        </div>
        {colours.isError ? (
          <InlineError
            tone="danger"
            error={null}
            fallback="Error Fetching products: the colours did not load."
            onRetry={() => void colours.refetch()}
          />
        ) : null}
        {v.variations.map((r, i) => (
          <VariationFields
            key={r.key}
            row={r}
            index={i}
            sizeType={sizeType}
            colours={colours.data ?? []}
            error={errors.rows?.[r.key]}
            onChange={(patch) => changeRow(r.key, patch)}
            onRemove={() => change({ variations: v.variations.filter((x) => x.key !== r.key) })}
          />
        ))}
        {v.variations.length === 0 ? (
          <Field
            label="Stock"
            inputMode="numeric"
            placeholder="0"
            value={v.stock}
            error={errors.stock}
            hint="How many you have to sell."
            onChange={(e) => change({ stock: e.target.value })}
          />
        ) : null}
        {v.variations.length < 30 ? (
          <Button
            variant="outline"
            className="self-start"
            icon={<Plus className="size-5" aria-hidden="true" />}
            onClick={() => change({ variations: [...v.variations, newRow()] })}
          >
            Add variation
          </Button>
        ) : null}
      </section>
      <Button type="submit" size="lg" block loading={save.isPending} disabled={images.uploading}>
        {images.uploading ? 'Uploading…' : product ? 'Save changes' : 'Upload product'}
      </Button>
    </form>
  );
}

function EditLoader({ shop, productId, categories }: { shop: Shop; productId: string; categories: Category[] }) {
  const product = useQuery({
    queryKey: shopKeys.myProduct(productId),
    queryFn: async () => (await shopApi.myProduct(shop.id, productId)).data,
  });
  if (product.isPending) return <CardListSkeleton label="Loading the product" />;
  if (product.isError)
    return product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 403) ? (
      <EmptyState icon={<PackageX className="size-9" strokeWidth={1.8} />} title="This product is not in your shop">
        It may have been deleted.
      </EmptyState>
    ) : (
      <QueryError error={product.error} onRetry={() => void product.refetch()} title="We couldn't load the product" />
    );
  return <ProductForm product={product.data} categories={categories} />;
}

/** Uploading a product (no :id) or editing one of the seller's. */
export default function ProductFormPage() {
  const { id } = useParams();
  const mine = useMyShop();
  const categories = useCategories();
  return (
    <div>
      <PageHeader title={id ? 'Edit product' : 'Upload product'} back="/shop/sell" backLabel="Back to my shop" />
      {mine.isPending || categories.isPending ? (
        <CardListSkeleton label="Loading" />
      ) : mine.isError ? (
        <QueryError error={mine.error} onRetry={() => void mine.refetch()} title="We couldn't load your shop" />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="We couldn't load the categories" />
      ) : !mine.data ? (
        <NeedShop>Products belong to a shop.</NeedShop>
      ) : id ? (
        <EditLoader key={id} shop={mine.data} productId={id} categories={categories.data} />
      ) : (
        <ProductForm categories={categories.data} />
      )}
    </div>
  );
}
