import { Button } from './Button';

/** The paging fields of an infinite query (useInfiniteQuery's result has them). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list while there is more, and a note when the next page failed. */
export function LoadMore({ pages }: { pages: Pages }) {
  return (
    <>
      {pages.hasNextPage ? (
        <Button variant="outline" block className="mt-4" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p className="mt-2 text-center text-sm text-danger-fg">We couldn&apos;t load more. Try again.</p>
      ) : null}
    </>
  );
}
