namespace System.MP
{
	/// <summary>An error reported by the MPI library.  <see cref="ErrorClass"/> is the MPI error class
	/// (MPI_ERR_TRUNCATE and so on, in the MPI library's numbering); the message is the library's.</summary>
	[Serializable]
	public class MPIException : Exception
	{
		readonly int errorClass, errorCode;

		/// <summary>Creates the exception for an error the MPI library reported.</summary>
		/// <param name="errorCode">The MPI library's error code.</param>
		/// <param name="errorClass">The MPI error class of <paramref name="errorCode"/>.</param>
		/// <param name="message">The library's description of the error.</param>
		public MPIException (int errorCode, int errorClass, string message) : base (message)
		{
			this.errorCode = errorCode;
			this.errorClass = errorClass;
		}

		/// <summary>The MPI error class (MPI_ERR_TRUNCATE, MPI_ERR_OTHER, ...) in the MPI library's numbering, which
		/// differs between MPICH and Open MPI.</summary>
		public int ErrorClass { get { return errorClass; } }
		/// <summary>The MPI library's error code, which may carry more detail than the class.</summary>
		public int ErrorCode { get { return errorCode; } }
	}
}
