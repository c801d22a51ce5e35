// Under a list of Orders shown a page at a time (the orders, the returns): the button that appends the
// next, older page. A plain button in the tab order, as every control of Orders.
export function MoreButton(props: { label: string; 'data-action': string; onMore: () => void }) {
  return (
    <button type="button" className="older-orders" onClick={props.onMore} data-action={props['data-action']}>
      {props.label}
    </button>
  );
}
