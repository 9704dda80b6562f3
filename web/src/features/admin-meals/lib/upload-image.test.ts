import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { ImageUploadError, uploadImage } from './upload-image';

const endpoint = 'https://images.example.test/1/upload?key=k';

describe('uploadImage', () => {
  it('posts the file to the host and resolves with data.url, reporting progress', async () => {
    server.use(
      http.post('https://images.example.test/1/upload', async ({ request }) => {
        const image = (await request.formData()).get('image') as Blob;
        return HttpResponse.json({ data: { url: `https://i.example.test/${image.size}.png` }, success: true });
      }),
    );
    const progress: number[] = [];
    const url = await uploadImage(new File(['12345'], 'a.png', { type: 'image/png' }), {
      endpoint,
      onProgress: (percent) => progress.push(percent),
    });
    expect(url).toBe('https://i.example.test/5.png');
    // XMLHttpRequest's upload progress events, as the progress bar shows them.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
  });

  it('fails with a clear message when the host answers without a URL', async () => {
    server.use(http.post('https://images.example.test/1/upload', () => HttpResponse.json({ success: true })));
    await expect(uploadImage(new File(['1'], 'a.png', { type: 'image/png' }), { endpoint })).rejects.toThrow(
      new ImageUploadError('The image host refused the upload (200).'),
    );
  });

  it('fails when the host cannot be reached', async () => {
    server.use(http.post('https://images.example.test/1/upload', () => HttpResponse.error()));
    await expect(uploadImage(new File(['1'], 'a.png', { type: 'image/png' }), { endpoint })).rejects.toThrow(
      'The image host cannot be reached.',
    );
  });
});
