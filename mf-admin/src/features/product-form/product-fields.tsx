import { LoadError, primitives } from '@store/shared';
import { BundleField } from './bundle-field';
import { Field, invalidProps } from './field';
import { LicenseFields } from './license-fields';
import { PricingFields } from './pricing-fields';
import styles from './product-form.module.css';
import type { ProductFormState } from './use-product-form';

/** Name, description, pricing, bundle, license keys, category and asset type. */
export function ProductFields({ form, idPrefix }: { form: ProductFormState; idPrefix: string }) {
  const { draft, errors, setField } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  const { categories, assetTypes, loading, error: optionsError, retry } = form.options;
  // An edit always has a category and an asset type: no going back to none.
  const editing = form.product !== null;

  return (
    <>
      <Field id={id('name')} label="Name" error={errors.name}>
        <input
          id={id('name')}
          className={primitives.input}
          value={draft.name}
          maxLength={200}
          required
          onChange={(event) => setField('name', event.target.value)}
          {...invalidProps(id('name'), errors.name)}
        />
      </Field>
      <Field id={id('description')} label="Description" error={errors.description}>
        <textarea
          id={id('description')}
          className={primitives.input}
          rows={4}
          value={draft.description}
          maxLength={5000}
          required
          onChange={(event) => setField('description', event.target.value)}
          {...invalidProps(id('description'), errors.description)}
        />
      </Field>
      <PricingFields form={form} idPrefix={idPrefix} />
      <BundleField form={form} idPrefix={idPrefix} />
      <LicenseFields form={form} idPrefix={idPrefix} />
      <div className={styles.pair}>
        <Field id={id('category')} label="Category" error={errors.categoryId}>
          <select
            id={id('category')}
            className={primitives.input}
            value={draft.categoryId}
            required
            aria-busy={loading}
            onChange={(event) => setField('categoryId', event.target.value)}
            {...invalidProps(id('category'), errors.categoryId)}
          >
            <option value="" disabled={editing}>
              {loading ? 'Loading...' : 'Select a category'}
            </option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.display_name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('asset-type')} label="Asset Type" error={errors.assetTypeId}>
          <select
            id={id('asset-type')}
            className={primitives.input}
            value={draft.assetTypeId}
            required
            aria-busy={loading}
            onChange={(event) => setField('assetTypeId', event.target.value)}
            {...invalidProps(id('asset-type'), errors.assetTypeId)}
          >
            <option value="" disabled={editing}>
              {loading ? 'Loading...' : 'Select an asset type'}
            </option>
            {assetTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.display_name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {optionsError && <LoadError message={optionsError} onRetry={retry} />}
    </>
  );
}
