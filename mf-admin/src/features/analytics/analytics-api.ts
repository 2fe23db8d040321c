import { apiClient } from '@store/shared';

export interface AnalyticsSummary {
  users: number;
  products: number;
  totalSales: number;
  totalRevenue: number;
}

export interface DailySales {
  name: string;
  sales: number;
  revenue: number;
}

export interface Analytics {
  analyticsData: AnalyticsSummary;
  dailySalesData: DailySales[];
}

export const analyticsApi = {
  load: () =>
    apiClient.get<Analytics>('/analytics').then(({ data }) => ({
      analyticsData: data.analyticsData,
      dailySalesData: Array.isArray(data.dailySalesData) ? data.dailySalesData : [],
    })),
};
