import {
  couponApplied,
  couponRefused,
  couponRemoved,
  errorMessage,
  isApiError,
  notify,
  primitives,
  selectCoupon,
  selectCouponRefusal,
  useAppDispatch,
  useAppSelector,
} from '@store/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { couponApi, validateCoupon } from './coupon-api';
import styles from './coupon-box.module.css';
import { couponOff } from '../../common/coupon-off';
import { refusesCode } from '../../common/refuses-code';

export function CouponBox() {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectCoupon);
  const refusal = useAppSelector(selectCouponRefusal);
  const available = couponApi.useMyCouponQuery().currentData ?? null;
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);

  // A code typed before the answer arrived is the shopper's; only an empty input is filled.
  const offered = available?.code;
  useEffect(() => {
    if (offered) setCode((typed) => typed || offered);
  }, [offered]);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || applying) return;
    setApplying(true);
    try {
      dispatch(couponApplied(await validateCoupon(trimmed)));
      notify.success('Coupon applied successfully');
    } catch (error) {
      const message = errorMessage(error, 'Failed to apply coupon');
      // Why the code cannot apply belongs beside it, like a refusal of the cart's quote; an
      // outage is no verdict on the code, so it is toasted and an applied code stays.
      if (isApiError(error) && refusesCode(error.response?.status)) {
        dispatch(couponRefused({ code: trimmed, message }));
      } else {
        notify.error(message);
      }
    } finally {
      setApplying(false);
    }
  }

  function remove() {
    dispatch(couponRemoved());
    setCode('');
    notify.success('Coupon removed');
  }

  return (
    <section className={styles.box} aria-labelledby="coupon-heading">
      <form onSubmit={apply}>
        <label id="coupon-heading" htmlFor="coupon-code" className={styles.heading}>
          Do you have a voucher or gift card?
        </label>
        <input
          id="coupon-code"
          className={primitives.input}
          placeholder="Enter code here"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? 'coupon-refusal' : undefined}
        />
        {refusal && (
          <p id="coupon-refusal" className={styles.refusal} role="alert">
            {refusal.message}
          </p>
        )}
        <button type="submit" className={primitives.button} disabled={applying}>
          {applying ? 'Applying...' : 'Apply Code'}
        </button>
      </form>
      {available && !applied && (
        <p className={styles.available}>
          Your Available Coupon:{' '}
          <strong>
            {available.code} - {couponOff(available)} off
          </strong>
        </p>
      )}
      {applied && (
        <div className={styles.applied}>
          <p>Applied Coupon</p>
          <p>
            <strong>{applied.code}</strong> - {couponOff(applied)} off
          </p>
          <button type="button" className={primitives.secondary} onClick={remove}>
            Remove Coupon
          </button>
        </div>
      )}
    </section>
  );
}
