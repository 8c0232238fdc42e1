import { zodResolver } from '@hookform/resolvers/zod';
import type { Preview } from '@owo/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, UserRoundX, X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Person, transactionApi } from '../../api/transaction';
import { parseNairaToKobo } from '../../lib/money';
import { useDebounced } from '../../lib/use-debounced';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Skeleton } from '../../ui/Spinner';
import { useBalances } from '../wallet';
import { AmountField, balanceHint } from '../../ui/AmountField';
import { MoneyError } from '../../ui/MoneyError';
import { toastError } from '../../lib/errors';
import { type SendForm, sendForm } from './schemas';
import { TransferDialog } from './TransferDialog';

const fullName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

function PersonButton({ person, onPick }: { person: Person; onPick: (p: Person) => void }) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={() => onPick(person)}
      aria-labelledby={`${id}-n`}
      aria-describedby={person.nickName ? `${id}-d` : undefined}
      className="flex min-h-16 w-full items-center gap-3 px-4 py-2.5 text-left transition-colors hover:bg-surface-2"
    >
      <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-n`} className="truncate font-semibold">
          {fullName(person)}
        </span>
        {person.nickName ? (
          <span id={`${id}-d`} className="truncate text-sm text-muted">
            @{person.nickName}
          </span>
        ) : null}
      </span>
    </button>
  );
}

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
                  <PersonButton person={p} onPick={onPick} />
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
  const balances = useBalances();
  const { register, handleSubmit, watch, formState } = useForm<SendForm>({
    resolver: zodResolver(sendForm),
    defaultValues: { amount: '', narration: '' },
  });
  const initiate = useMutation({
    mutationFn: (v: SendForm) =>
      transactionApi.initiateSendMoney({
        recipientId: person.id,
        amount: parseNairaToKobo(v.amount) ?? 0,
        narration: v.narration || undefined,
      }),
    onSuccess: (res) => setPreview(res.data),
    onError: toastError,
  });
  const closePreview = useCallback(() => setPreview(null), []);
  const done = useCallback(() => {
    setPreview(null);
    onSent();
  }, [onSent]);
  return (
    <>
      <form onSubmit={handleSubmit((v) => initiate.mutate(v))} noValidate className="flex flex-col gap-5">
        <Card className="flex items-center gap-3 p-4">
          <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium tracking-wide text-muted uppercase">Sending to</p>
            <p className="truncate font-semibold">{fullName(person)}</p>
            {person.nickName ? <p className="truncate text-sm text-muted">@{person.nickName}</p> : null}
          </div>
          <Button variant="ghost" size="sm" onClick={onChangePerson} icon={<X className="size-4" aria-hidden="true" />}>
            Change
          </Button>
        </Card>
        <Card className="flex flex-col gap-5">
          <AmountField
            autoFocus
            typed={watch('amount')}
            hint={balanceHint(balances.data?.walletBalance)}
            error={formState.errors.amount?.message}
            {...register('amount')}
          />
          <Field
            label="Narration (optional)"
            maxLength={100}
            placeholder="What's it for?"
            error={formState.errors.narration?.message}
            {...register('narration')}
          />
        </Card>
        <MoneyError error={initiate.error} />
        <Button type="submit" size="lg" block loading={initiate.isPending}>
          Continue
        </Button>
      </form>
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
