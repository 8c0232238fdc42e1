import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, FolderOpen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi } from '../../api/connect';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { InlineError } from '../../ui/InlineError';
import { PageHeader } from '../../ui/PageHeader';
import { Sheet } from '../../ui/Sheet';
import { CardListSkeleton } from '../../ui/Spinner';
import { PostList } from './PostList';
import { connectKeys, useCollections } from './queries';

function NameDialog({
  open,
  onClose,
  title,
  initial,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial);
  const save = useMutation({ mutationFn: () => onSave(name.trim()), onSuccess: onClose });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <Button block loading={save.isPending} disabled={!name.trim()} onClick={() => save.mutate()}>
          Save
        </Button>
      }
    >
      <FormAlert message={save.isError ? errorMessage(save.error, "We couldn't save the collection.") : null} />
      <Field label="Collection name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
    </Sheet>
  );
}

/** All saved posts, and the collections they are sorted into. */
export default function SavedPage() {
  const qc = useQueryClient();
  const collections = useCollections();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader
        title="Saved"
        back="/connect"
        action={
          <Button size="sm" variant="ghost" onClick={() => setCreating(true)}>
            New collection
          </Button>
        }
      />
      <section aria-labelledby="collections" className="mb-4">
        <h2 id="collections" className="mb-2 text-base font-bold">
          Collections
        </h2>
        {collections.isPending ? (
          <CardListSkeleton label="Loading collections" cards={1} />
        ) : collections.isError ? (
          <InlineError error={collections.error} onRetry={() => void collections.refetch()} fallback="We couldn't load your collections." />
        ) : collections.data.length === 0 ? (
          <p className="text-sm text-muted">Sort saved posts into collections, like “Recipes” or “Business ideas”.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3">
            {collections.data.map((c) => (
              <li key={c._id}>
                <Link
                  to={`/connect/saved/${c._id}`}
                  className="block overflow-hidden rounded-2xl border border-line bg-surface hover:bg-surface-2"
                >
                  <span className="flex aspect-[4/3] items-center justify-center bg-surface-2">
                    {c.cover ? (
                      <img src={c.cover} alt="" loading="lazy" className="h-full w-full object-cover" />
                    ) : (
                      <FolderOpen className="size-8 text-muted" aria-hidden="true" />
                    )}
                  </span>
                  <span className="block px-3 pt-2 font-semibold">{c.name}</span>
                  <span className="block px-3 pb-2 text-xs text-muted">{c.postsCount === 1 ? '1 post' : `${c.postsCount} posts`}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <h2 className="mb-1 text-base font-bold">All saved posts</h2>
      <PostList
        source={{ kind: 'saved' }}
        label="Saved posts"
        countViews={false}
        empty={
          <EmptyState icon={<Bookmark className="size-9" strokeWidth={1.8} />} title="Nothing saved yet">
            Tap the bookmark on a post to keep it here.
          </EmptyState>
        }
      />
      {creating ? (
        <NameDialog
          open
          onClose={() => setCreating(false)}
          title="New collection"
          initial=""
          onSave={async (name) => {
            await connectApi.createCollection(name);
            await qc.invalidateQueries({ queryKey: connectKeys.collections });
            toast.success('Collection created');
          }}
        />
      ) : null}
    </div>
  );
}

/** One collection's posts, with rename and delete. */
export function CollectionPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: ['connect', 'collection', id],
    queryFn: async () => (await connectApi.collectionInfo(id)).data.collection,
  });
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const del = useMutation({
    mutationFn: () => connectApi.deleteCollection(id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: connectKeys.collections });
      toast.success('Collection deleted. Its posts are still in your saved posts.');
      void navigate('/connect/saved');
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't delete the collection.")),
  });
  if (info.isError)
    return (
      <div>
        <PageHeader title="Collection" back="/connect/saved" />
        <EmptyState title="This collection isn't available" tone="danger">
          {errorMessage(info.error, 'It may have been deleted.')}
        </EmptyState>
      </div>
    );
  return (
    <div>
      <PageHeader
        title={info.data?.name ?? 'Collection'}
        back="/connect/saved"
        action={
          <div className="flex">
            <button
              type="button"
              aria-label="Rename collection"
              onClick={() => setRenaming(true)}
              className="flex size-11 items-center justify-center rounded-full hover:bg-surface-2"
            >
              <Pencil className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label="Delete collection"
              onClick={() => setDeleting(true)}
              className="flex size-11 items-center justify-center rounded-full text-danger-fg hover:bg-surface-2"
            >
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          </div>
        }
      />
      <PostList
        source={{ kind: 'collection', collectionId: id }}
        label="Posts in this collection"
        countViews={false}
        empty={<EmptyState icon={<Bookmark className="size-9" strokeWidth={1.8} />} title="No posts in this collection" />}
      />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this collection?"
        body="The posts stay in your saved posts; only the collection goes."
        confirm="Delete"
        busy={del.isPending}
        onConfirm={() => del.mutate()}
      />
      {renaming && info.data ? (
        <NameDialog
          open
          onClose={() => setRenaming(false)}
          title="Rename collection"
          initial={info.data.name}
          onSave={async (name) => {
            await connectApi.renameCollection(id, name);
            await Promise.all([
              qc.invalidateQueries({ queryKey: connectKeys.collections }),
              qc.invalidateQueries({ queryKey: ['connect', 'collection', id] }),
            ]);
          }}
        />
      ) : null}
    </div>
  );
}
