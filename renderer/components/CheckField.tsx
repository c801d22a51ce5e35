// A labelled check box, as every form of the screens writes one (the text box's counterpart,
// TextField): the box, then its label beside it, what is ticked handed to `set`, and its data-field
// hook (the tests' and INTERFACES.md's name for it).
export function CheckField({
  label,
  checked,
  set,
  name,
}: {
  label: string;
  checked: boolean;
  set: (on: boolean) => void;
  /** The box's data-field. */
  name: string;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        autoComplete="off"
        checked={checked}
        onChange={(e) => set(e.target.checked)}
        data-field={name}
      />
      <span>{label}</span>
    </label>
  );
}
