export interface Category {
  id: string;
  name: string;
  display_name: string;
  icon?: string | null;
}

export interface CategoryStatistics extends Category {
  product_count: number;
  featured_count: number;
  min_price: number | null;
  max_price: number | null;
}
