import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField } from '../common/schemas/auth.ts';
import { ROLES } from '../common/constants/options.ts';
import { AppError } from '../common/errors.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseBusyError, migrateDatabase, openDatabase } from './db/client.ts';
import { createOperatorAccount } from './services/accounts.ts';

const USAGE = `Usage:
  npm run cli -- create-user --role admin|master-admin|partner --username U --email E --password P [--first-name F --last-name L]

Creates an approved account, its e-mail address marked verified, on the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR).
With the embedded database, stop the server first: one process opens it at a time.`;

const createUserArgs = z.object({
  role: z.enum(ROLES, { message: '--role must be one of admin, master-admin, partner' }),
  username: z
    .string()
    .trim()
    .min(3, '--username must be at least 3 characters')
    .max(30, '--username must be at most 30 characters')
    .regex(/^[A-Za-z0-9._-]+$/, '--username may contain only letters, numbers, dots, dashes and underscores'),
  email: emailField,
  password: z.string().min(8, '--password must be at least 8 characters').max(100, '--password must be at most 100 characters'),
  firstName: z.string().trim().min(1).max(50).default('Admin'),
  lastName: z.string().trim().min(1).max(50).default('User'),
  expertise: z
    .string()
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(100, '--expertise: each skill at most 100 characters')).max(20, '--expertise: at most 20 skills')),
});

async function createUser(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      expertise: { type: 'string' },
    },
    strict: true,
  });
  const parsed = createUserArgs.safeParse({
    role: values.role,
    username: values.username,
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    expertise: values.expertise,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const flag = `--${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      console.error(
        issue.message.startsWith('--')
          ? issue.message
          : `${flag}: ${issue.message === 'Invalid input: expected string, received undefined' ? 'is required' : issue.message}`,
      );
    }
    console.error(`\n${USAGE}`);
    return 2;
  }
  const input = parsed.data;
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const user = await createOperatorAccount(database.db, input);
    console.log(`Created ${input.role} "${input.username}" <${input.email}> (id ${user.id}), approved and active.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function run(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'create-user') return await createUser(rest);
    console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
    return 2;
  } catch (err) {
    if (err instanceof AppError || err instanceof DatabaseBusyError || err instanceof ConfigError) {
      console.error(`Error: ${err.message}`);
      return 1;
    }
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || (err as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      console.error(`Error: ${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    console.error(err);
    return 1;
  }
}

run().then((code) => process.exit(code));
