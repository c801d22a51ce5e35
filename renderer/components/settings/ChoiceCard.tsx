// A Settings card that is one choice among a few (radio buttons), saved the moment it is picked: the
// choice shows checked while it is saved (an arrow key moves the check at once, and the manager PIN is
// asked for when one is set), also on the card shown again meanwhile (store/settings.ts keeps it); what
// went wrong stays under it. The section's name names the form's parts: `data-section`, the radios'
// `name`, `<section>-choice` and `data-<section>-option`.
import { useState } from 'react';
import type { SettingsPatch } from '../../../contract/contract.ts';
import { saveChoice, useChoiceSaves } from '../../store/settings.ts';
import { Card } from '../Card.tsx';

export interface Choice<T extends string> {
  readonly value: T;
  readonly label: string;
  /** The language the label is written in, where it is not the screen's. */
  readonly lang?: string;
}

export function ChoiceCard<T extends string>({
  section,
  title,
  legend,
  help,
  choices,
  value,
  patch,
}: {
  section: string;
  title: string;
  legend: string;
  help: string;
  choices: readonly Choice<T>[];
  /** The saved value. */
  value: T;
  /** The settings changed by picking a value. */
  patch: (value: T) => SettingsPatch;
}) {
  const save = useChoiceSaves((saves) => saves[section]);
  const shown = save?.chosen ?? value;
  const [error, setError] = useState<string | null>(null);
  const choose = async (value: T) => setError(await saveChoice(section, value, patch(value)));
  return (
    <Card title={title} data-section={section}>
      <fieldset className={`${section}-choice`}>
        <legend>{legend}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="check" lang={choice.lang}>
            <input
              type="radio"
              autoComplete="off"
              name={section}
              value={choice.value}
              checked={shown === choice.value}
              onChange={() => void choose(choice.value)}
              {...{ [`data-${section}-option`]: choice.value }}
            />{' '}
            {choice.label}
          </label>
        ))}
      </fieldset>
      <p className="muted">{help}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
