import { apiClient } from '../api/client';
import { REFRESH_PATH } from '../api/refresh-interceptor';
import type { LoginPayload, SignupPayload, User } from './user';

interface MessageBody {
  message: string;
}

export const authApi = {
  signup: (payload: SignupPayload) =>
    apiClient.post<MessageBody>('/auth/signup', payload).then((r) => r.data),
  login: ({ email, password, rememberMe = false }: LoginPayload) =>
    apiClient.post<User>('/auth/login', { email, password, rememberMe }).then((r) => r.data),
  logout: () => apiClient.post<MessageBody>('/auth/logout').then((r) => r.data),
  profile: () => apiClient.get<User>('/auth/profile').then((r) => r.data),
  refresh: () => apiClient.post<MessageBody>(REFRESH_PATH).then((r) => r.data),
  updateProfile: (name: string) =>
    apiClient.put<MessageBody & { user: User }>('/auth/profile', { name }).then((r) => r.data),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiClient
      .put<MessageBody>('/auth/change-password', { currentPassword, newPassword })
      .then((r) => r.data),
  verifyEmail: (token: string) =>
    apiClient
      .get<MessageBody & { user: Pick<User, 'name' | 'email'> }>(
        `/auth/verify-email/${encodeURIComponent(token)}`,
      )
      .then((r) => r.data),
  resendVerification: (email: string) =>
    apiClient.post<MessageBody>('/auth/resend-verification', { email }).then((r) => r.data),
  forgotPassword: (email: string) =>
    apiClient.post<MessageBody>('/auth/forgot-password', { email }).then((r) => r.data),
  resetPassword: (token: string, password: string) =>
    apiClient
      .post<MessageBody>(`/auth/reset-password/${encodeURIComponent(token)}`, { password })
      .then((r) => r.data),
};
