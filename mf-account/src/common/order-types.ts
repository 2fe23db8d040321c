export interface OrderItem {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  price: number;
  preview_image_url: string;
}

export interface Order {
  id: string;
  status: string;
  total_amount: number;
  created_at: string;
  items: OrderItem[];
}

export interface PurchasedProduct {
  id: string;
  productId: string;
  name: string;
  previewImageUrl: string;
  expiresAt: string | null;
  remainingDownloads: number;
  maxDownloads: number;
  canDownload: boolean;
}

export interface DownloadTicket {
  downloadUrl: string;
  remainingDownloads: number;
}
