import { formatPrice } from './format';

/**
 * The price a lower one replaces (a sale's regular price, a bundle before the items the buyer
 * owns), struck through. A screen reader does not announce the strike, so the words say it.
 */
export function WasPrice({ amount, className }: { amount: number; className?: string }) {
  return (
    <s className={className}>
      <span className="visually-hidden">was </span>
      {formatPrice(amount)}
    </s>
  );
}
