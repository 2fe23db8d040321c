import { ProductForm } from './product-form';
import { useProductForm } from './use-product-form';

/** The Create Product tab: the product form for a new product, reset after each one. */
export function CreateProductForm() {
  const form = useProductForm(null);
  return <ProductForm form={form} />;
}
