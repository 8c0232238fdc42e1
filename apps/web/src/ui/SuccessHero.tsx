import type { ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Button } from './Button';
import { DetailList } from './DetailList';

/** The top of a success dialog: a check mark, a big figure and a line under it. */
export function SuccessHero({ figure, children }: { figure?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand-fg" aria-hidden="true">
        <CircleCheck className="size-8" />
      </span>
      {figure ? <p className="mt-3 text-3xl font-bold tracking-tight tabular-nums">{figure}</p> : null}
      {children ? <div className="mt-1 text-[15px] text-muted">{children}</div> : null}
    </div>
  );
}

/** The last step of a dialog that did something: the hero, what came of it as rows (`DetailRow`s), and Done. */
export function SuccessStep({
  figure,
  message,
  children,
  onDone,
}: {
  figure?: ReactNode;
  message: ReactNode;
  children: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <SuccessHero figure={figure}>{message}</SuccessHero>
      <DetailList>{children}</DetailList>
      <Button size="lg" block onClick={onDone} autoFocus>
        Done
      </Button>
    </div>
  );
}
