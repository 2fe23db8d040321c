import { passwordStrength, STRENGTH_SEGMENTS } from './password-strength';
import styles from './password-strength-meter.module.css';

const TONE = { Weak: styles.weak, Medium: styles.medium, Strong: styles.strong } as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  // A typed password meeting no rule is still shown as Weak rather than hiding the meter.
  const shown = label ?? 'Weak';
  const tone = TONE[shown];

  return (
    <div className={styles.meter} data-testid="password-strength">
      <div className={styles.segments} aria-hidden="true">
        {Array.from({ length: STRENGTH_SEGMENTS }, (_, index) => (
          <span
            key={index}
            className={`${styles.segment} ${index < score ? tone : ''}`}
            data-filled={index < score}
          />
        ))}
      </div>
      <p className={`${styles.label} ${tone}`} aria-live="polite">
        Password strength: <strong>{shown}</strong>
      </p>
    </div>
  );
}
