// A form as the screens write one: its submit (Enter in a field, its submit button) does `onSubmit`
// and never reloads the page. FormCard is such a form as a card under its title (Settings' cards,
// the Shift screen's). data-* marks (data-section…) go on the form element.
import type { ReactNode } from 'react';

type Marks = Record<`data-${string}`, string>;

export function Form({
  onSubmit,
  className,
  children,
  ...marks
}: { onSubmit: () => void; className?: string; children: ReactNode } & Marks) {
  return (
    <form
      className={className}
      {...marks}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function FormCard({
  title,
  children,
  ...form
}: { title: string; onSubmit: () => void; children: ReactNode } & Marks) {
  return (
    <Form className="card" {...form}>
      <h2>{title}</h2>
      {children}
    </Form>
  );
}
