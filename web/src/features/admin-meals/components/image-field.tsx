import { useId, useRef, useState, type ChangeEvent } from 'react';
import { InputField } from '@/components/form-field';
import { imageFileProblem, uploadImage } from '../lib/upload-image';

type ImageFieldProps = {
  /** The image URL (the form's `image` value). */
  value: string;
  onChange: (url: string) => void;
  onBlur: () => void;
  error?: string;
  /** The image host's endpoint; null when uploads are not configured. */
  uploadUrl: string | null;
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * The meal image: chosen as a file and uploaded to the image host when one is configured,
 * or given as a URL (always possible, and the only way when no host is configured).
 */
export function ImageField({ value, onChange, onBlur, error, uploadUrl, onUploadingChange }: ImageFieldProps) {
  const fileId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !uploadUrl) return;
    setUploadError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setUploadError(problem);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const url = await uploadImage(file, { endpoint: uploadUrl, onProgress: setProgress });
      onChange(url);
    } catch (uploadFailure) {
      setUploadError((uploadFailure as Error).message);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const uploading = progress !== null;
  return (
    <div className="space-y-2 sm:col-span-2">
      {uploadUrl ? (
        <div>
          <label htmlFor={fileId} className="label">
            Upload an image
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept="image/*"
            onChange={onFileChosen}
            disabled={uploading}
            className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-orange-50 file:px-3 file:py-2 file:font-medium file:text-orange-700 hover:file:bg-orange-100"
          />
          <p className="mt-1 text-xs text-stone-500">JPEG, PNG, GIF or WebP, up to 5 MB.</p>
          {uploading && (
            <div className="mt-2">
              <progress
                max={100}
                value={progress}
                aria-label="Upload progress"
                className="h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-orange-500"
              />
              <p className="text-xs text-stone-600">Uploading… {progress}%</p>
            </div>
          )}
          {uploadError && (
            <p role="alert" className="field-error">
              {uploadError}
            </p>
          )}
        </div>
      ) : (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Image upload is not set up on this site, so paste the address of an image that is already online.
        </p>
      )}
      <InputField
        label={uploadUrl ? 'or image URL' : 'Image URL'}
        error={error}
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {value && /^(https?:\/\/|\/images\/)/.test(value) && (
        <img src={value} alt="Chosen meal" className="h-24 w-36 rounded-md border border-stone-200 object-cover" />
      )}
    </div>
  );
}
