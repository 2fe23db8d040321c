/** A product as the api reads it back (its schema in `/api/openapi.json`). */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
  category_display_name: string | null;
  asset_type: string | null;
  preview_image_url: string;
  is_featured: boolean;
  file_name: string | null;
  file_size: number | null;
  max_downloads: number;
  download_expiry_days: number | null;
  created_at: string;
}
