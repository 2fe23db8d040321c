export interface CartItem {
  _id: string;
  name: string;
  description: string;
  image: string;
  price: number;
  quantity: number;
}

export interface Coupon {
  code: string;
  discountPercentage: number;
}

export interface CartTotals {
  subtotal: number;
  total: number;
}
