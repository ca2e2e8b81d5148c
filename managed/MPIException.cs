namespace System.MP
{
	/// <summary>An error reported by the MPI library.  <see cref="ErrorClass"/> is the MPI error class
	/// (MPI_ERR_TRUNCATE and so on, in the MPI library's numbering); the message is the library's.</summary>
	[Serializable]
	public class MPIException : Exception
	{
		readonly int errorClass, errorCode;

		public MPIException (int errorCode, int errorClass, string message) : base (message)
		{
			this.errorCode = errorCode;
			this.errorClass = errorClass;
		}

		public int ErrorClass { get { return errorClass; } }
		public int ErrorCode { get { return errorCode; } }
	}
}
