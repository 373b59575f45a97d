import { ApiError } from '@kanat360/api-client';
import { describe, expect, it } from 'vitest';
import { loginFailureMessage, validationMessage } from './login-failure';

describe('loginFailureMessage', () => {
  it("shows the server's own message", () => {
    const error = new ApiError('Login failed. Please check your credentials.', 'INVALID_CREDENTIALS', 401);
    expect(loginFailureMessage(error, 'en')).toBe('Login failed. Please check your credentials.');
  });

  it('says the server could not be reached when no answer came', () => {
    expect(loginFailureMessage(new ApiError('x', 'NETWORK_ERROR', 0), 'tr')).toBe(
      'Sunucuya bağlanılamadı. Lütfen daha sonra tekrar deneyin.',
    );
    expect(loginFailureMessage(new ApiError('x', 'TIMEOUT', 0), 'en')).toBe(
      'Could not connect to server. Please try again later.',
    );
  });

  it('falls back to the generic login error when the answer had no message', () => {
    expect(loginFailureMessage(new ApiError('Sunucu hatası: 502', 'SERVER_ERROR_STATUS', 502), 'tr')).toBe(
      'Giriş işleminde hata oluştu',
    );
    expect(loginFailureMessage(new Error('boom'), 'en')).toBe('An error occurred while logging in');
  });
});

describe('validationMessage', () => {
  it("translates the contracts' error codes, anything else as a validation error", () => {
    expect(validationMessage('FIELDS_REQUIRED', 'en')).toBe('Please fill in all fields');
    expect(validationMessage('NO_SUCH_CODE', 'tr')).toBe('Gönderilen bilgiler geçersiz.');
    expect(validationMessage(undefined, 'tr')).toBe('Gönderilen bilgiler geçersiz.');
  });
});
