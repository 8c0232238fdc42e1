import type { Preview } from '@owo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, UserRoundX, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { type Person, transactionApi } from '../../api/transaction';
import { useDebounced } from '../../lib/use-debounced';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { PersonButton } from '../../ui/PersonButton';
import { Skeleton } from '../../ui/Spinner';
import { SendMoneyForm } from './SendMoneyForm';
import { TransferDialog } from './TransferDialog';

function PeopleSearch({ onPick }: { onPick: (p: Person) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 300);
  const enabled = query.length >= 2;
  const people = useQuery({
    queryKey: ['people', query],
    queryFn: async ({ signal }) => (await transactionApi.searchPeople(query, signal)).data,
    enabled,
    staleTime: 60_000,
  });
  const typing = text.trim() !== query;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Field
          label="Search people"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, nickname or phone number"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="pl-11"
          hint={text.trim().length === 1 ? 'Type at least 2 characters.' : undefined}
        />
        <Search className="pointer-events-none absolute top-[42px] left-4 size-5 text-subtle" aria-hidden="true" />
      </div>
      <div aria-live="polite" aria-busy={enabled && (people.isFetching || typing)}>
        {!enabled ? (
          <p className="px-1 text-sm text-muted">Find anyone on Owo and send money instantly. Owo-to-Owo transfers are free.</p>
        ) : people.isPending || (typing && !people.data) ? (
          <Card padded={false} className="divide-y divide-line overflow-hidden" aria-label="Searching">
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center gap-3 px-4 py-3">
                <Skeleton className="size-10 rounded-full" />
                <Skeleton className="h-4 w-40" />
              </div>
            ))}
          </Card>
        ) : people.isError ? (
          <InlineError
            error={people.error}
            fallback="Search failed. Check your connection."
            onRetry={() => void people.refetch()}
            tone="danger"
          />
        ) : people.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-muted">
            <UserRoundX className="size-8" aria-hidden="true" />
            <p className="text-sm">No one matches “{query}”. Check the spelling or try a phone number.</p>
          </div>
        ) : (
          <Card padded={false} className="overflow-hidden">
            <ul className="divide-y divide-line" aria-label="People">
              {people.data.map((p) => (
                <li key={p.id}>
                  <PersonButton person={p} onPick={onPick} className="px-4 py-2.5" />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </div>
  );
}

function SendForm({ person, onChangePerson, onSent }: { person: Person; onChangePerson: () => void; onSent: () => void }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const closePreview = useCallback(() => setPreview(null), []);
  const done = useCallback(() => {
    setPreview(null);
    onSent();
  }, [onSent]);
  return (
    <>
      <SendMoneyForm
        framed
        person={person}
        onPreview={setPreview}
        action={
          <Button variant="ghost" size="sm" onClick={onChangePerson} icon={<X className="size-4" aria-hidden="true" />}>
            Change
          </Button>
        }
      />
      <TransferDialog preview={preview} onClose={closePreview} onDone={done} complete={transactionApi.complete} />
    </>
  );
}

export default function SendMoneyTab() {
  const [person, setPerson] = useState<Person | null>(null);
  const [round, setRound] = useState(0);
  const reset = useCallback(() => {
    setPerson(null);
    setRound((r) => r + 1);
  }, []);
  return person ? (
    <SendForm key={`${person.id}-${round}`} person={person} onChangePerson={() => setPerson(null)} onSent={reset} />
  ) : (
    <PeopleSearch onPick={setPerson} />
  );
}
