import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { TAuthResponse } from '@pulse/contract/auth';
import { useAuth } from '../../../lib/auth/use-auth';
import { NO_FORM_ERRORS, getServerFormErrors, getZodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';

/**
 * The sign-in and sign-up forms: the contract's schema checks the fields first, the server's
 * answer signs the user in, and its field messages land under the right inputs.
 */
export function useAuthForm<TValues extends Record<string, string>, TRequest>(options: {
  initialValues: TValues;
  schema: z.ZodType<TRequest, TValues>;
  send: (request: TRequest) => Promise<TAuthResponse>;
}) {
  const { login } = useAuth();
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const { isPending, runOnce } = useSingleSubmit();
  const fields = Object.keys(options.initialValues);
  // The value is read before the state update: React may run the updater after the event is gone.
  const setField = (name: keyof TValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = options.schema.safeParse(values);
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        await login(await options.send(parsed.data));
      } catch (error) {
        setErrors(getServerFormErrors(error, fields));
      }
    });
  };

  return { values, setField, errors, isPending, submit };
}
