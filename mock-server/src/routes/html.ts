/** HTML answers of the routes outside the endpoint table (sign-in pages, stand-ins). */
import type { Response } from 'express';

export function html(res: Response, status: number, body: string): void {
  res.status(status).type('text/html; charset=utf-8').send(body);
}
