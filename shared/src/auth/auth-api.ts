import type {
  LoginPayload,
  MessageAnswer,
  PasswordChangePayload,
  ProfileAnswer,
  ProfileChange,
  SignupPayload,
  User,
  VerifiedAnswer,
} from '@store/contract';
import { apiClient } from '../api/client';
import { REFRESH_PATH } from '../api/refresh-interceptor';

export const authApi = {
  signup: (payload: SignupPayload) =>
    apiClient.post<MessageAnswer>('/auth/signup', payload).then((r) => r.data),
  login: ({ email, password, rememberMe = false }: LoginPayload) =>
    apiClient
      .post<User>('/auth/login', { email, password, rememberMe } satisfies LoginPayload)
      .then((r) => r.data),
  logout: () => apiClient.post<MessageAnswer>('/auth/logout').then((r) => r.data),
  profile: () => apiClient.get<User>('/auth/profile').then((r) => r.data),
  refresh: () => apiClient.post<MessageAnswer>(REFRESH_PATH).then((r) => r.data),
  updateProfile: (name: string) =>
    apiClient
      .put<ProfileAnswer>('/auth/profile', { name } satisfies ProfileChange)
      .then((r) => r.data),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiClient
      .put<MessageAnswer>('/auth/change-password', {
        currentPassword,
        newPassword,
      } satisfies PasswordChangePayload)
      .then((r) => r.data),
  verifyEmail: (token: string) =>
    apiClient
      .get<VerifiedAnswer>(`/auth/verify-email/${encodeURIComponent(token)}`)
      .then((r) => r.data),
  resendVerification: (email: string) =>
    apiClient.post<MessageAnswer>('/auth/resend-verification', { email }).then((r) => r.data),
  forgotPassword: (email: string) =>
    apiClient.post<MessageAnswer>('/auth/forgot-password', { email }).then((r) => r.data),
  resetPassword: (token: string, password: string) =>
    apiClient
      .post<MessageAnswer>(`/auth/reset-password/${encodeURIComponent(token)}`, { password })
      .then((r) => r.data),
};
