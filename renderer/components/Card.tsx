// A card of a screen under its title (Settings' cards): data-* marks (data-section…) go on it.
// A card that is a form is FormCard (Form.tsx).
import type { ReactNode } from 'react';

export function Card({
  title,
  children,
  ...marks
}: { title: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <div className="card" {...marks}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
