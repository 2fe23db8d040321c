import type { Discount } from '@store/contract';
import { errorMessage, isApiError, notify, responseField, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { discountRequests, discountsChanged } from './discounts-api';
import {
  discountInputOf,
  draftOf,
  serverErrorsOf,
  validateDiscount,
  type DiscountDraft,
  type DraftErrors,
  type DraftField,
} from './discount-draft';

/** Which field each part of the draft reports its error on. */
const ERROR_OF: Partial<Record<keyof DiscountDraft, DraftField>> = {
  code: 'code',
  value: 'value',
  kind: 'value',
  scope: 'scope',
  productIds: 'products',
  categoryIds: 'categories',
  minSubtotal: 'minSubtotal',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  maxUses: 'maxUses',
  maxUsesPerCustomer: 'maxUsesPerCustomer',
};

/**
 * The discount form's state and submit: a new code (`discount` null: POST) or an edit (PUT of
 * the whole code). A refusal puts the api's field errors on their fields, a taken code on Code.
 */
export function useDiscountForm(discount: Discount | null, onSaved: (saved: Discount) => void) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<DiscountDraft>(() => draftOf(discount));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  // Names of the products picked in this form; those the code already named are looked up.
  const [productNames, setProductNames] = useState<Readonly<Record<string, string>>>({});

  function change(update: Partial<DiscountDraft>) {
    setDraft((previous) => ({ ...previous, ...update }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(update) as (keyof DiscountDraft)[]) {
        const field = ERROR_OF[key];
        if (field) delete next[field];
        // Choosing anything answers "choose at least one".
        if (key === 'productIds' || key === 'categoryIds') delete next.scope;
        if (key === 'startsAt') delete next.endsAt;
      }
      return next;
    });
  }

  function addProduct(id: string, name: string) {
    setProductNames((names) => ({ ...names, [id]: name }));
    setDraft((previous) =>
      previous.productIds.includes(id)
        ? previous
        : { ...previous, productIds: [...previous.productIds, id] },
    );
    setErrors(({ products: _products, scope: _scope, ...rest }) => rest);
  }

  /** Returns the errors found (none: it was sent). */
  async function submit(): Promise<DraftErrors> {
    if (saving) return {};
    const found = validateDiscount(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return found;
    setSaving(true);
    try {
      const body = discountInputOf(draft, discount);
      const saved = discount
        ? await discountRequests.update(discount.id, body)
        : await discountRequests.create(body);
      dispatch(discountsChanged());
      notify.success(discount ? 'Discount saved' : 'Discount created');
      onSaved(saved);
      return {};
    } catch (error) {
      const message = errorMessage(
        error,
        discount ? 'Failed to save the discount' : 'Failed to create the discount',
      );
      const status = isApiError(error) ? error.response?.status : undefined;
      const onFields = serverErrorsOf(status, message, responseField(error, 'fields'));
      setErrors(onFields);
      // Said on its field, it needs no toast; anything else does.
      if (!Object.values(onFields).includes(message)) notify.error(message);
      return onFields;
    } finally {
      setSaving(false);
    }
  }

  return {
    discount,
    draft,
    errors,
    saving,
    productNames,
    change,
    addProduct,
    removeProduct: (id: string) =>
      change({ productIds: draft.productIds.filter((other) => other !== id) }),
    submit,
  };
}

export type DiscountFormState = ReturnType<typeof useDiscountForm>;
