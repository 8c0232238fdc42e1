import type { UseFormRegisterReturn } from 'react-hook-form';
import { Options, SelectField } from '../../ui/Select';
import { useLgas, useStates } from './queries';

/**
 * The state and local government area pickers, from the server's lists; the area waits for a state.
 * `any` offers "Any state"/"Any area" (filters) instead of asking to choose one (a shop's place).
 * The state's registration should clear the area when it changes. The values are passed too (watched),
 * so a choice made before the lists arrive shows once they do.
 */
export function PlaceFields({
  state,
  lga,
  stateId,
  lgaId,
  stateError,
  lgaError,
  any = false,
}: {
  state: UseFormRegisterReturn;
  lga: UseFormRegisterReturn;
  stateId: string;
  lgaId: string;
  stateError?: string;
  lgaError?: string;
  any?: boolean;
}) {
  const states = useStates();
  const lgas = useLgas(stateId);
  const chooseState = any ? 'Any state' : states.isPending ? 'Loading states…' : 'Choose a state';
  return (
    <>
      <SelectField label="State" error={stateError} disabled={states.isPending} {...state} value={stateId}>
        <option value="">{states.isError ? "Couldn't load states" : chooseState}</option>
        <Options items={states.data} />
      </SelectField>
      <SelectField
        label="Local government area"
        error={lgaError}
        hint={stateId ? undefined : 'Choose a state first'}
        disabled={!stateId || lgas.isPending}
        {...lga}
        value={lgaId}
      >
        <option value="">{stateId && lgas.isPending ? 'Loading…' : any ? 'Any area' : 'Choose an area'}</option>
        <Options items={lgas.data} />
      </SelectField>
    </>
  );
}
