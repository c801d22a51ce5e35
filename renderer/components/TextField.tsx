// A labelled text box, as every form of the screens writes one: the label above it, what is typed
// handed to `set`, and its data-field hook (the tests' and INTERFACES.md's name for it). The box's
// other attributes (inputMode, type, placeholder, maxLength, disabled…) pass as given. What a till's
// forms take is never offered back from the browser's memory of typed text (autoComplete 'off', and
// 'new-password' where a secret is chosen).
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type BoxAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>;

export function TextField({
  label,
  value,
  set,
  name,
  secret = false,
  className,
  inputRef,
  children,
  ...box
}: BoxAttributes & {
  label: string;
  value: string;
  set: (typed: string) => void;
  /** The box's data-field. */
  name: string;
  /** A secret chosen here (a password): hidden, and never offered back by the browser. */
  secret?: boolean;
  /** The field's class besides `field` (its place in a row); the label's, as the field's root. */
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** What stands under the box: its errors, a note. */
  children?: ReactNode;
}) {
  return (
    <label className={className === undefined ? 'field' : `field ${className}`}>
      <span>{label}</span>
      <input
        autoComplete={secret ? 'new-password' : 'off'}
        type={secret ? 'password' : undefined}
        {...box}
        ref={inputRef}
        value={value}
        onChange={(e) => set(e.target.value)}
        data-field={name}
      />
      {children}
    </label>
  );
}

/**
 * An amount typed in: of what is typed, only what an amount is made of stays (digits, a decimal point
 * or comma, spaces). `first`: focused when it appears (keyboard first: the one thing asked for).
 */
export function AmountField(props: {
  label: string;
  value: string;
  set: (amount: string) => void;
  name: string;
  first?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const first = props.first === true;
  useEffect(() => {
    if (first) ref.current?.focus();
  }, [first]);
  return (
    <TextField
      label={props.label}
      value={props.value}
      set={(typed) => props.set(typed.replace(/[^\d.,\s]/g, ''))}
      name={props.name}
      inputRef={ref}
      inputMode="decimal"
    />
  );
}
