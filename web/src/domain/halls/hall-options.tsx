import type { Hall } from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';

/** A select's options over halls, by name (ADR 72); `blank` is the choice of none ("Every hall"). */
export function HallOptions({ halls, blank }: { halls: readonly Hall[]; blank?: string }) {
  return (
    <ChoiceOptions
      {...(blank === undefined ? {} : { blank })}
      values={halls.map((hall) => hall._id)}
      labels={Object.fromEntries(halls.map((hall) => [hall._id, hall.name]))}
    />
  );
}
